import { sql, type Updateable } from 'kysely';
import type { DbRoot, Packages } from '@proxy/db';
import { waitFor, verifiedUser, type Registered, type TestContext } from './helpers.ts';
import { creditBalance, customerWhoBought } from './shop.ts';
import { packageRow } from '../../../packages/db/test/package-row.ts';

const HOUR_MS = 3_600_000;

/** What the gateway's flush writes (apps/gateway usage-flusher): bytes booked to an hour. */
export const meter = (db: DbRoot, packageId: number, hoursAgo: number, up: number, down: number) =>
  sql`INSERT INTO package_usage_hourly AS u (package_id, hour, bytes_up, bytes_down)
    VALUES (${packageId}, ${new Date(Math.floor(Date.now() / HOUR_MS - hoursAgo) * HOUR_MS)}, ${up}, ${down})
    ON CONFLICT (package_id, hour) DO UPDATE
      SET bytes_up = u.bytes_up + EXCLUDED.bytes_up, bytes_down = u.bytes_down + EXCLUDED.bytes_down`.execute(
    db,
  );

/**
 * Writes columns of a package's row directly: the state a test starts from (a status, an expiry)
 * where reaching it through the API would take days or a sweep.
 */
export const setPackageColumns = (db: DbRoot, packageId: number, values: Updateable<Packages>) =>
  db.updateTable('packages').set(values).where('id', '=', packageId).execute();

/** Waits until the app's provisioning worker has made the package active. */
export const waitUntilActive = (db: DbRoot, packageId: number, timeoutMs?: number) =>
  waitFor(
    async () => ((await packageRow(db, packageId)).status === 'active' ? true : undefined),
    timeoutMs,
  );

/** customerWhoBought, once the provisioning worker has activated the package. */
export const activePackage = async (ctx: TestContext, key: string) => {
  const bought = await customerWhoBought(ctx, key);
  await waitUntilActive(ctx.database.db, bought.packageId);
  return bought;
};

/** activePackage for each tariff key, bought at once by as many customers. */
export const activePackages = (ctx: TestContext, keys: string[]) =>
  Promise.all(keys.map((key) => activePackage(ctx, key)));

/**
 * A verified customer credited `cents` who bought over HTTP (`path` and `payload` of a buy
 * endpoint), with the package active. Their user, the package id and the price in cents.
 */
export const customerWithPackage = async (
  ctx: TestContext,
  cents: number,
  path: string,
  payload: Record<string, unknown>,
): Promise<{ user: Registered; packageId: number }> => {
  const user = await verifiedUser(ctx);
  await creditBalance(ctx.database.db, user.id, cents);
  const bought = await ctx.api.request('POST', path, { token: user.token, payload });
  if (bought.statusCode !== 200) throw new Error(`buy failed: ${bought.statusCode} ${bought.body}`);
  const packageId = bought.json<{ package_id: number }>().package_id;
  await waitUntilActive(ctx.database.db, packageId);
  return { user, packageId };
};
