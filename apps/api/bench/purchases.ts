/**
 * Catalogue reads and purchase throughput for `npm run bench` (POST /api/tariff/buy, 50
 * concurrent customers, each with its own token and balance), and the money checks after it:
 *
 * 1. the throughput run: no balance negative, every balance equal to the sum of its ledger,
 *    one package per charge (and as many as wrk saw succeed, give or take the requests still
 *    in flight when it stopped);
 * 2. an overspend probe: 50 customers with money for exactly PROBE_BUYS packages each go on
 *    buying for twice the time that takes at the measured rate: exactly PROBE_BUYS packages
 *    each, every balance exactly 0.
 */
import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import { postLedgerEntry } from '../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../src/modules/ledger/ledger.service.ts';
import { runLoad, type LoadResult } from './load.ts';

const CUSTOMERS = 50;
const PROBE_BUYS = 20;

const row = (label: string, r: LoadResult, perSecond = r.okPerSecond) =>
  `| ${label.padEnd(30)} | ${perSecond.toFixed(0).padStart(8)} | ${r.latencyMs.p50.toFixed(1).padStart(6)} | ${r.latencyMs.p99.toFixed(1).padStart(7)} |`;

const fund = async (db: DbRoot, userIds: number[], amountCents: number) => {
  for (const userId of userIds)
    await db.transaction().execute((tx) =>
      postLedgerEntry(tx, {
        userId,
        account: 'main',
        type: 'payment',
        amountCents,
        refType: 'bench',
      }),
    );
};

/** Packages, charges and the balance state of `userIds` (throws on any broken invariant). */
const verifyMoney = async (db: DbRoot, userIds: number[], label: string) => {
  const { rows } = await sql<{
    packages: string;
    charges: string;
    charged_cents: string;
    negative: string;
    min_balance: string;
  }>`
    SELECT
      (SELECT count(*) FROM packages WHERE user_id = ANY(${userIds}::bigint[])) AS packages,
      (SELECT count(*) FROM ledger_entries
        WHERE user_id = ANY(${userIds}::bigint[]) AND ref_type = 'package' AND amount_cents < 0) AS charges,
      (SELECT coalesce(-sum(amount_cents), 0) FROM ledger_entries
        WHERE user_id = ANY(${userIds}::bigint[]) AND ref_type = 'package') AS charged_cents,
      (SELECT count(*) FROM users WHERE id = ANY(${userIds}::bigint[]) AND balance_cents < 0) AS negative,
      (SELECT min(balance_cents) FROM users WHERE id = ANY(${userIds}::bigint[])) AS min_balance`.execute(
    db,
  );
  const state = rows[0];
  if (!state) throw new Error(`${label}: no state`);
  const mismatches = await checkLedger(db, userIds);
  const packages = Number(state.packages);
  const charges = Number(state.charges);
  if (Number(state.negative) > 0) throw new Error(`${label}: ${state.negative} negative balances`);
  if (mismatches.length > 0)
    throw new Error(`${label}: ${mismatches.length} balances differ from their ledger`);
  if (packages !== charges)
    throw new Error(`${label}: ${packages} packages but ${charges} charges`);
  return {
    packages,
    charges,
    chargedCents: Number(state.charged_cents),
    minBalance: Number(state.min_balance),
  };
};

/** The requests wrk had in flight when it stopped still finish on the server. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

export const benchPurchases = async (options: {
  db: DbRoot;
  baseUrl: string;
  /** The bare server (bare-server.ts): its POST /debit is the floor. */
  bareUrl: string;
  tokenOf: (userId: number) => string;
  /** First of the 2 x 50 users this bench spends with (they must hold no packages). */
  firstUserId: number;
  durationS: number;
  scriptDir: string;
}): Promise<{ lines: string[]; purchases: LoadResult; floorPerSecond: number }> => {
  const { db, baseUrl, bareUrl, tokenOf, firstUserId, durationS, scriptDir } = options;
  const tariffs = await runLoad(
    { url: `${baseUrl}/api/tariffs?type=1`, connections: CUSTOMERS, durationS },
    scriptDir,
  );
  if (tariffs.non2xx > 0 || tariffs.errors > 0)
    throw new Error(`tariffs: ${tariffs.non2xx} non-2xx, ${tariffs.errors} errors`);

  const tariff = await db
    .selectFrom('tariffs')
    .select(['id', 'price_cents'])
    .where('key', '=', 'base-1gb')
    .executeTakeFirstOrThrow();
  const body = JSON.stringify({ tariff_id: tariff.id });

  // 1. Throughput: enough money for any run.
  const buyers = Array.from({ length: CUSTOMERS }, (_, i) => firstUserId + i);
  await fund(db, buyers, 100_000_000);
  const buy = (userIds: number[], seconds: number) =>
    runLoad(
      {
        url: `${baseUrl}/api/tariff/buy`,
        method: 'POST',
        body,
        connections: CUSTOMERS,
        durationS: seconds,
        tokens: userIds.map(tokenOf),
      },
      scriptDir,
    );
  // The floor before and after, on users of its own (the bare debit keeps no ledger).
  const debitors = buyers.map((id) => id + 2 * CUSTOMERS);
  await sql`UPDATE users SET balance_cents = 100000000 WHERE id = ANY(${debitors}::bigint[])`.execute(
    db,
  );
  const debit = () =>
    runLoad(
      {
        url: `${bareUrl}/debit`,
        method: 'POST',
        connections: CUSTOMERS,
        durationS,
        tokens: debitors.map(tokenOf),
      },
      scriptDir,
    );
  const floorBefore = await debit();
  const purchases = await buy(buyers, durationS);
  const floorAfter = await debit();
  for (const floor of [floorBefore, floorAfter])
    if (floor.non2xx > 0 || floor.errors > 0)
      throw new Error(`bare debit: ${floor.non2xx} non-2xx, ${floor.errors} errors`);
  const floorPerSecond = (floorBefore.okPerSecond + floorAfter.okPerSecond) / 2;
  if (purchases.non2xx > 0 || purchases.errors > 0)
    throw new Error(`purchases: ${purchases.non2xx} non-2xx, ${purchases.errors} errors`);
  await settle();
  const run = await verifyMoney(db, buyers, 'purchases');
  const okResponses = purchases.requests - purchases.non2xx;
  if (run.packages < okResponses || run.packages > okResponses + CUSTOMERS)
    throw new Error(`purchases: ${run.packages} packages for ${okResponses} successful answers`);
  if (run.chargedCents !== run.packages * tariff.price_cents)
    throw new Error(`purchases: ${run.chargedCents} cents charged for ${run.packages} packages`);

  // 2. Overspend probe: money for exactly PROBE_BUYS packages each, then buy on.
  const probers = buyers.map((id) => id + CUSTOMERS);
  await fund(db, probers, PROBE_BUYS * tariff.price_cents);
  const probeSeconds = Math.min(
    60,
    Math.ceil((2 * PROBE_BUYS * CUSTOMERS) / Math.max(1, purchases.okPerSecond)) + 1,
  );
  const probe = await buy(probers, probeSeconds);
  await settle();
  if (probe.errors > 0) throw new Error(`overspend probe: ${probe.errors} socket errors`);
  const probed = await verifyMoney(db, probers, 'overspend probe');
  if (probed.packages !== PROBE_BUYS * CUSTOMERS || probed.minBalance !== 0)
    throw new Error(
      `overspend probe: ${probed.packages} packages (expected ${PROBE_BUYS * CUSTOMERS}), lowest balance ${probed.minBalance}`,
    );
  const refused = probe.non2xx;

  return {
    purchases,
    floorPerSecond,
    lines: [
      '',
      `Catalogue and purchases, ${CUSTOMERS} concurrent customers (own tokens), ${durationS}s each`,
      '| target                         |    ok/s | p50 ms | p99 ms  |',
      '|--------------------------------|---------|--------|---------|',
      row('GET /api/tariffs?type=1', tariffs),
      row('POST /api/tariff/buy', purchases),
      row('bare: balance UPDATE alone', { ...floorAfter, okPerSecond: floorPerSecond }),
      '',
      `ratio purchases/bare UPDATE: ${(purchases.okPerSecond / floorPerSecond).toFixed(2)}x (the 1000/s target against the 3,400/s of decision 086: 0.29x)`,
      `money after the run: ${run.packages} packages = ${run.charges} charges (wrk saw ${okResponses} answers 200),`,
      '  every balance equals its ledger, none below zero',
      `overspend probe: ${CUSTOMERS} customers with money for ${PROBE_BUYS} packages each, ${probeSeconds}s of buying:`,
      `  ${probed.packages} packages, ${refused} refused, every balance exactly 0`,
    ],
  };
};
