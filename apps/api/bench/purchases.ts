/**
 * Issue 5 figures for `npm run bench`: GET /api/tariffs?type=1 req/s and purchase throughput
 * (POST /api/tariff/buy, 50 concurrent customers, each with its own token and balance).
 */
import autocannon from 'autocannon';
import type { DbRoot } from '../src/db/types.ts';
import { loadCatalogue } from '../src/modules/catalogue/catalogue.loader.ts';
import { postLedgerEntry } from '../src/modules/ledger/ledger.service.ts';

const CUSTOMERS = 50;

export const benchPurchases = async (
  db: DbRoot,
  baseUrl: string,
  tokenOf: (userId: number) => string,
  durationS: number,
): Promise<string[]> => {
  await loadCatalogue(db);
  const tariffs = await autocannon({
    url: `${baseUrl}/api/tariffs?type=1`,
    connections: CUSTOMERS,
    duration: durationS,
  });
  if (tariffs.non2xx > 0 || tariffs.errors > 0)
    throw new Error(`tariffs: ${tariffs.non2xx} non-2xx`);

  const tariff = await db
    .selectFrom('tariffs')
    .select('id')
    .where('key', '=', 'base-1gb')
    .executeTakeFirstOrThrow();
  const ids = Array.from({ length: CUSTOMERS }, (_, i) => i + 1);
  for (const userId of ids)
    await db.transaction().execute((tx) =>
      postLedgerEntry(tx, {
        userId,
        account: 'main',
        type: 'payment',
        amountCents: 10_000_000,
        refType: 'bench',
      }),
    );

  let bought = 0;
  let failed = 0;
  const latencies: number[] = [];
  const deadline = Date.now() + durationS * 1000;
  const started = Date.now();
  await Promise.all(
    ids.map(async (userId) => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}/api/tariff/buy`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tokenOf(userId)}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ tariff_id: tariff.id }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.ok) bought += 1;
        else failed += 1;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  if (failed > 0) throw new Error(`purchases: ${failed} failed`);
  return [
    '',
    `Catalogue and purchases, ${CUSTOMERS} concurrent clients, ${durationS}s each`,
    '| target                     |    req/s | p99 ms  |',
    '|----------------------------|----------|---------|',
    `| ${'GET /api/tariffs?type=1'.padEnd(26)} | ${tariffs.requests.average.toFixed(0).padStart(8)} | ${tariffs.latency.p99.toFixed(1).padStart(7)} |`,
    `| ${'POST /api/tariff/buy'.padEnd(26)} | ${(bought / seconds).toFixed(0).padStart(8)} | ${p99.toFixed(1).padStart(7)} |`,
    '',
  ];
};
