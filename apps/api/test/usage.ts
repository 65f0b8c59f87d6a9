import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';

const HOUR_MS = 3_600_000;

/** The start of the UTC hour `hoursAgo` hours before the current one. */
export const hourAgo = (hoursAgo: number, now = Date.now()) =>
  new Date((Math.floor(now / HOUR_MS) - hoursAgo) * HOUR_MS);

/**
 * What the gateway's flush writes (apps/gateway usage flusher): bytes added to the package's row
 * of that hour.
 */
export const meterHour = (db: DbRoot, packageId: number, hour: Date, up: number, down: number) =>
  sql`INSERT INTO package_usage_hourly AS u (package_id, hour, bytes_up, bytes_down)
    VALUES (${packageId}, ${hour}, ${up}, ${down})
    ON CONFLICT (package_id, hour) DO UPDATE
      SET bytes_up = u.bytes_up + EXCLUDED.bytes_up, bytes_down = u.bytes_down + EXCLUDED.bytes_down`.execute(
    db,
  );
