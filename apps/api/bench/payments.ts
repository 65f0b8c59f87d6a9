import { sql } from 'kysely';
import autocannon from 'autocannon';
import type { DbRoot } from '../src/db/types.ts';

/** Issue 4: GET /api/profile/payments for a user with 10k payments (generate_series). */
export const benchPayments = async (
  db: DbRoot,
  baseUrl: string,
  tokenOf: (userId: number) => string,
  durationS: number,
): Promise<string[]> => {
  const userId = 7;
  await sql`
    INSERT INTO payments (user_id, provider, provider_payment_id, merchant_id, system_name, type, amount_cents, status, created_at)
    SELECT ${userId}, 'sandbox', 'bench_' || g, 5, 'Visa / Mastercard', 5, 1000 + g, g % 3, now() - (g || ' minutes')::interval
      FROM generate_series(1, 10000) AS g`.execute(db);
  // VACUUM sets the visibility map, as autovacuum would on a live system: the count is index-only.
  await sql`VACUUM ANALYZE payments`.execute(db);
  const lines: string[] = [
    '',
    `GET /api/profile/payments, one user with 10,000 payments, ${durationS}s each`,
    '| query                          |    req/s | p99 ms  |',
    '|--------------------------------|----------|---------|',
  ];
  for (const [label, query] of [
    ['default (created_at desc)', ''],
    ['page 50, sort amount asc', '?page=50&sort=amount&direction=asc'],
    ['filters[status]=1, 100/page', '?filters[status]=1&per_page=100'],
  ] as const) {
    const result = await autocannon({
      url: `${baseUrl}/api/profile/payments${query}`,
      connections: 50,
      duration: durationS,
      headers: { authorization: `Bearer ${tokenOf(userId)}` },
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`payments ${label}: ${result.non2xx} non-2xx`);
    lines.push(
      `| ${label.padEnd(30)} | ${result.requests.average.toFixed(0).padStart(8)} | ${result.latency.p99.toFixed(1).padStart(7)} |`,
    );
  }
  return lines;
};
