import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import { DEMO_INVENTORY_FILE } from '../src/db/seed/seed.ts';
import { loadCatalogue } from '../src/modules/catalogue/catalogue.loader.ts';
import { seedInventory } from '../src/modules/inventory/inventory.service.ts';
import { postLedgerEntry } from '../src/modules/ledger/ledger.service.ts';
import { bearer } from './api-client.ts';
import {
  markEmailVerified,
  registration,
  uniqueEmail,
  verifiedUser,
  type TestContext,
} from './helpers.ts';
import { TEST_DATA_ENCRYPTION_KEY } from './keys.ts';
import { postJson } from './processes.ts';

/**
 * Puts money on a user's balance through the ledger, as a paid top-up (main) or a referral
 * reward (referral) does, so the ledger check stays clean.
 */
export const creditBalance = (
  db: DbRoot,
  userId: number,
  amountCents: number,
  account: 'main' | 'referral' = 'main',
) =>
  db.transaction().execute((tx) =>
    postLedgerEntry(tx, {
      userId,
      account,
      type: account === 'main' ? 'payment' : 'referral_reward',
      amountCents,
      refType: 'test',
    }),
  );

/** A catalogue tariff by its key (the catalogue must be loaded). */
export const tariffByKey = (db: DbRoot, key: string) =>
  db.selectFrom('tariffs').select(['id', 'title']).where('key', '=', key).executeTakeFirstOrThrow();

/**
 * The catalogue rows a test buys from, whole, by their stable keys (the catalogue must be
 * loaded): a tariff, an ISP country, an unlimited location. `db` is read at each call, so a file
 * can bind the lookups at its top, before its app has started.
 */
export const catalogueByKey = (db: () => DbRoot) => ({
  tariff: (key: string) =>
    db().selectFrom('tariffs').selectAll().where('key', '=', key).executeTakeFirstOrThrow(),
  country: (key: string) =>
    db().selectFrom('isp_countries').selectAll().where('key', '=', key).executeTakeFirstOrThrow(),
  location: (key: string) =>
    db().selectFrom('unlim_locations').selectAll().where('key', '=', key).executeTakeFirstOrThrow(),
});

/** POST /api/tariff/buy of the catalogue tariff with this key, as the holder of `token`. */
export const buyTariff = async (ctx: TestContext, token: string, key: string) =>
  ctx.api.request('POST', '/api/tariff/buy', {
    token,
    payload: { tariff_id: (await tariffByKey(ctx.database.db, key)).id },
  });

/** The user's one payment row (for a user who started a single top-up). */
export const onlyPaymentOf = (db: DbRoot, userId: number) =>
  db.selectFrom('payments').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

/**
 * A verified customer who was credited $10 and bought the tariff `key` (the catalogue must be
 * loaded): the user and the id of the package the purchase made.
 */
export const customerWhoBought = async (ctx: TestContext, key: string) => {
  const user = await verifiedUser(ctx);
  await creditBalance(ctx.database.db, user.id, 1_000);
  const bought = await buyTariff(ctx, user.token, key);
  if (bought.statusCode !== 200) throw new Error(`buy failed: ${bought.statusCode} ${bought.body}`);
  return { user, packageId: bought.json<{ package_id: number }>().package_id };
};

/**
 * As customerWhoBought, over HTTP against a spawned server process: a new customer registers,
 * is verified and credited $10, then buys the tariff `key`. Their token and the package's id.
 */
export const customerWhoBoughtFrom = async (
  base: string,
  db: DbRoot,
  name: string,
  key: string,
) => {
  const registered = await postJson(
    base,
    '/api/register',
    registration({ name, email: uniqueEmail(name.toLowerCase()) }),
  );
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
  await markEmailVerified(db, user.id);
  await creditBalance(db, user.id, 1_000);
  const tariff = await tariffByKey(db, key);
  const bought = await postJson(base, '/api/tariff/buy', { tariff_id: tariff.id }, bearer(token));
  if (bought.status !== 200) throw new Error(`buy failed: ${bought.status}`);
  return { token, packageId: ((await bought.json()) as { package_id: number }).package_id };
};

/** Every holding of an ISP address by the package, oldest first (the assignments history). */
export const addressHistory = async (db: DbRoot, packageId: number) =>
  (
    await db
      .selectFrom('isp_address_assignments')
      .select([sql<string>`host(ip)`.as('ip'), 'released_at', 'release_reason'])
      .where('package_id', '=', packageId)
      .orderBy('id')
      .execute()
  ).map((row) => ({ ip: row.ip, reason: row.release_reason, isOpen: row.released_at === null }));

/** The ISP addresses the user's packages hold now. */
export const heldAddresses = async (db: DbRoot, userId: number) =>
  (
    await db
      .selectFrom('isp_addresses as a')
      .innerJoin('packages as p', 'p.id', 'a.package_id')
      .select(sql<string>`host(a.ip)`.as('ip'))
      .where('p.user_id', '=', userId)
      .execute()
  ).map((row) => row.ip);

/**
 * What a test database sells from: the catalogue file and the demo inventory (decision 154),
 * as the embedded default's first start loads them. Idempotent; an inventory already there is
 * kept. Many test files buy unlimited plans in one database, so its exits get bandwidth for
 * all of them (the capacity rules have tests of their own).
 */
export const loadShop = async (db: DbRoot) => {
  await loadCatalogue(db);
  await seedInventory(db, DEMO_INVENTORY_FILE, Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'hex'));
  await db
    .updateTable('gateway_exits')
    .set({ capacity_mbps: 1_000_000 })
    .where('name', 'like', 'demo-%')
    .execute();
};
