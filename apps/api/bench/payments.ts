import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';

/** GET /api/profile/payments of a user with 10k payments: the queries the bench runs. */
export const PAYMENT_LIST_QUERIES = [
  ['default (created_at desc)', ''],
  ['page 50, sort amount asc', '?page=50&sort=amount&direction=asc'],
  ['filters[status]=1, 100/page', '?filters[status]=1&per_page=100'],
] as const;

/** Gives `userId` 10,000 payments (generate_series), as a long-standing customer has. */
export const seedPayments = async (db: DbRoot, userId: number) => {
  await sql`
    INSERT INTO payments (user_id, provider, provider_payment_id, merchant_id, system_name, type, amount_cents, status, created_at)
    SELECT ${userId}, 'sandbox', 'bench_' || g, 5, 'Visa / Mastercard', 5, 1000 + g, g % 3, now() - (g || ' minutes')::interval
      FROM generate_series(1, 10000) AS g`.execute(db);
  // VACUUM sets the visibility map, as autovacuum would on a live system. user_counts too:
  // the 10,000 trigger upserts of this one bulk statement left as many row versions of the
  // user's few counters (one payment per transaction, as in life, updates them in place), and
  // autovacuum clears such a table within its first minute. Unvacuumed, every page of the list
  // visited 64 heap blocks of them (0.6 ms instead of 0.02 ms).
  await sql`VACUUM ANALYZE payments, user_counts`.execute(db);
};
