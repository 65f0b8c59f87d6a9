const DAY_MS = 86_400_000;

/** Days after expiry during which an inactive package can still be restored. */
const RESTORE_GRACE_DAYS = 7;

/** Inactive, expired, and still inside the grace window after its end. */
export const isRestorable = (
  p: { status: string; expires_at: Date | null },
  nowMs: number,
): boolean =>
  p.status === 'inactive' &&
  p.expires_at !== null &&
  nowMs <= p.expires_at.getTime() + RESTORE_GRACE_DAYS * DAY_MS;
