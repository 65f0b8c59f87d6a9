import { PACKAGE_STATUSES } from '@proxy/contract';
import type { StatusTone } from '../../../shared/ui';

/**
 * The packages screen's rules (spec section 4 "Package statuses"), as pure functions of the
 * row fields they read, so the table, the panels and the tests share them.
 */
export type RuleRow = { type: string; status: string; resume_package_allowed: boolean };

/** The statuses a row is shown with: the server's, and "suspended" for a resumable inactive one. */
export const SHOWN_STATUSES = [...PACKAGE_STATUSES, 'suspended'] as const;
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

export const STATUS_TONE: Record<ShownStatus, StatusTone> = {
  active: 'success',
  inactive: 'danger',
  deactivate: 'danger',
  empty: 'danger',
  pending: 'info',
  processing: 'info',
  suspended: 'info',
};

/** Inactive, but still inside the grace window in which it can be restored. */
export const isSuspended = (row: RuleRow): boolean =>
  row.status === 'inactive' && row.resume_package_allowed;

export const shownStatus = (row: RuleRow): ShownStatus | null => {
  if (isSuspended(row)) return 'suspended';
  return (SHOWN_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as ShownStatus)
    : null;
};

/** Being set up: the row shows an info alert and a refresh button instead of details. */
export const isAwaitingSetup = (row: RuleRow): boolean =>
  row.status === 'pending' || row.status === 'processing';

/** Rows expand only when active, pending, processing, or suspended. */
export const isExpandable = (row: RuleRow): boolean =>
  row.status === 'active' || isAwaitingSetup(row) || isSuspended(row);

const NO_DOWNLOAD_STATUSES: readonly string[] = ['pending', 'inactive', 'deactivate', 'processing'];
const NO_DOWNLOAD_TYPES: readonly string[] = ['vip', 'unlim'];

/** The download button: hidden for pending, inactive, deactivated, processing, vip and unlim. */
export const canDownload = (row: RuleRow): boolean =>
  !NO_DOWNLOAD_STATUSES.includes(row.status) && !NO_DOWNLOAD_TYPES.includes(row.type);

/** The delete button: hidden for an active unlimited package. */
export const canDelete = (row: RuleRow): boolean =>
  !(row.type === 'unlim' && row.status === 'active');

/** The share of traffic at which the low-traffic warning starts (spec: 10%). */
export const LOW_TRAFFIC_SHARE = 0.1;

export type TrafficAlertKind = 'exhausted' | 'low';

/**
 * Traffic alerts: a warning when nothing is left (0 or less), a low-traffic warning when what
 * is left is above 0% and at most 10% of the limit; none without a limit.
 */
export const trafficAlert = (
  usedBytes: number,
  limitBytes: number | null,
): TrafficAlertKind | null => {
  if (limitBytes === null || limitBytes <= 0) return null;
  const left = limitBytes - usedBytes;
  if (left <= 0) return 'exhausted';
  return left / limitBytes <= LOW_TRAFFIC_SHARE ? 'low' : null;
};
