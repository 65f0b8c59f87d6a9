import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';

/**
 * What the gateway's flush writes for a sub-user (apps/gateway usage flusher): bytes added to
 * the sub-user's row of that hour and, as the package's total counts them too, to the package's.
 */
export const meterSubUser = async (
  db: DbRoot,
  subUser: { id: number; packageId: number },
  hour: Date,
  up: number,
  down: number,
) => {
  await sql`INSERT INTO sub_user_usage_hourly AS u (sub_user_id, hour, bytes_up, bytes_down)
    VALUES (${subUser.id}, ${hour}, ${up}, ${down})
    ON CONFLICT (sub_user_id, hour) DO UPDATE
      SET bytes_up = u.bytes_up + EXCLUDED.bytes_up, bytes_down = u.bytes_down + EXCLUDED.bytes_down`.execute(
    db,
  );
  await sql`INSERT INTO package_usage_hourly AS u (package_id, hour, bytes_up, bytes_down)
    VALUES (${subUser.packageId}, ${hour}, ${up}, ${down})
    ON CONFLICT (package_id, hour) DO UPDATE
      SET bytes_up = u.bytes_up + EXCLUDED.bytes_up, bytes_down = u.bytes_down + EXCLUDED.bytes_down`.execute(
    db,
  );
};
