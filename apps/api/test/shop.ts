import type { DbRoot } from '@proxy/db';
import { postLedgerEntry } from '../src/modules/ledger/ledger.service.ts';
import { bearer } from './api-client.ts';
import {
  markEmailVerified,
  registration,
  uniqueEmail,
  verifiedUser,
  type TestContext,
} from './helpers.ts';
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
