/**
 * The packages table of `npm run bench` (BENCH_ONLY=packages runs it alone): GET /api/packages
 * of a customer with 5,000 packages, once in a table of 10,000 packages and once in a table of
 * 1,000,000, each in its own database and served by its own server process, in alternating
 * rounds so that outside load hits both alike. The target: the 1M table's p99 within 1.2x of
 * the 10k table's (the page and its total must not grow with the table, decision 107).
 */
import { sql } from 'kysely';
import { createDatabase, type DbRoot } from '@proxy/db';
import { runLoad, type LoadResult } from './load.ts';
import { assertClean, combined, row } from './report.ts';
import type { ServerProcess } from './processes.ts';

/** The customer whose table is measured, and how many packages they hold. */
export const PACKAGES_USER = 9;
const OWNED = 5_000;
const SMALL_TABLE = 10_000;
const LARGE_TABLE = 1_000_000;
const TARGET_RATIO = 1.2;

/**
 * Fills `packages` to `total` rows in one generate_series INSERT: PACKAGES_USER's 5,000 first
 * (the oldest rows), the rest spread over the other `users`, a minute apart. The bulk
 * statement runs without the row triggers (gateway NOTIFY and user_counts, one upsert per
 * row); the same statement adds the rows it inserted to user_counts at once (the table may
 * hold the purchase bench's packages already, counted by the trigger). VACUUM
 * ANALYZE sets the visibility map and statistics, as autovacuum would on a live system.
 */
export const seedPackageTable = async (
  db: DbRoot,
  options: { total: number; users: number; sealedPassword: string },
) => {
  await db.transaction().execute(async (tx) => {
    await sql`ALTER TABLE packages DISABLE TRIGGER USER`.execute(tx);
    await sql`
      WITH seeded AS (
        INSERT INTO packages (user_id, type, tariff, price_cents, status, package_key, login,
                              password_encrypted, traffic_limit_bytes, expires_at, period_days,
                              created_at)
        SELECT CASE WHEN g <= ${OWNED} THEN ${PACKAGES_USER}
                    -- Anyone else: scattered over the other users.
                    ELSE coalesce(nullif(1 + (g::bigint * 7919) % ${options.users}, ${PACKAGES_USER}),
                                  ${PACKAGES_USER} + 1)::int END,
               (ARRAY['dynamic', 'vip', 'isp', 'unlim'])[g % 4 + 1],
               jsonb_build_object('id', g % 6 + 1, 'title', 'Base ' || (g % 6 + 1) || ' GB',
                                  'price', 1, 'traffic', g % 6 + 1),
               100,
               (ARRAY['active', 'active', 'active', 'inactive', 'deactivate', 'empty'])[g % 6 + 1],
               'bench' || g,
               'login' || g,
               ${options.sealedPassword},
               1073741824,
               now() + make_interval(days => 30 - g % 60),
               30,
               now() - make_interval(mins => ${options.total} - g)
          FROM generate_series(1, ${options.total}) AS g
        RETURNING user_id, type, status
      )
      INSERT INTO user_counts AS c (user_id, list, key1, key2, n)
      SELECT user_id, 'packages', type, status, count(*) FROM seeded GROUP BY 1, 3, 4
      ON CONFLICT (user_id, list, key1, key2) DO UPDATE SET n = c.n + EXCLUDED.n`.execute(tx);
    await sql`ALTER TABLE packages ENABLE TRIGGER USER`.execute(tx);
  });
  await sql`VACUUM ANALYZE packages, user_counts`.execute(db);
};

/** One table size: its database, the server reading it and the rounds measured against it. */
export type PackagesTarget = { label: string; server: ServerProcess; results: LoadResult[] };

/**
 * Seeds the two tables (the 10k one in `small`, the 1M one in `large`), then measures
 * GET /api/packages (default page: 10 newest, with the total) against both servers.
 */
export const benchPackages = async (options: {
  small: { url: string; server: () => Promise<ServerProcess> };
  large: { url: string; server: () => Promise<ServerProcess> };
  users: number;
  sealedPassword: string;
  token: string;
  durationS: number;
  rounds: number;
  connections: number;
  workDir: string;
}): Promise<string[]> => {
  const seeded: {
    label: string;
    url: string;
    total: number;
    server: () => Promise<ServerProcess>;
  }[] = [
    { label: `10k rows`, url: options.small.url, total: SMALL_TABLE, server: options.small.server },
    { label: `1M rows`, url: options.large.url, total: LARGE_TABLE, server: options.large.server },
  ];
  const targets: PackagesTarget[] = [];
  const seedStarted = Date.now();
  for (const entry of seeded) {
    const handle = createDatabase(entry.url, 1);
    try {
      await seedPackageTable(handle.db, {
        total: entry.total,
        users: options.users,
        sealedPassword: options.sealedPassword,
      });
    } finally {
      await handle.close();
    }
    targets.push({ label: entry.label, server: await entry.server(), results: [] });
  }
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const load = (target: PackagesTarget, durationS = options.durationS) =>
    runLoad(
      {
        url: `${target.server.url}/api/packages`,
        durationS,
        connections: options.connections,
        tokens: [options.token],
      },
      options.workDir,
    );
  for (const target of targets)
    assertClean(`packages warm-up ${target.label}`, await load(target, 2));
  for (let round = 0; round < options.rounds; round += 1)
    for (const target of targets) {
      const result = await load(target);
      assertClean(`packages ${target.label}`, result);
      target.results.push(result);
    }
  for (const target of targets) await target.server.stop();

  const [small, large] = targets.map((t) => combined(t.results));
  if (!small || !large) throw new Error('no packages results');
  const ratio = large.latencyMs.p99 / small.latencyMs.p99;
  const roundRatios = targets[1]!.results.map((r, i) =>
    (r.latencyMs.p99 / (targets[0]!.results[i]?.latencyMs.p99 ?? NaN)).toFixed(2),
  );
  return [
    '',
    `GET /api/packages, a customer with ${OWNED.toLocaleString('en')} packages, ${options.connections} connections, ${options.rounds} alternating rounds of ${options.durationS}s (tables seeded in ${seedSeconds.toFixed(0)}s)`,
    '| target (mean of rounds)                |    req/s | p50 ms | p99 ms  |',
    '|----------------------------------------|----------|--------|---------|',
    ...targets.map((t) => row(`packages, table of ${t.label}`, combined(t.results))),
    '',
    `ratio p99 1M/10k rows:    ${ratio.toFixed(2)}x (rounds ${roundRatios.join(', ')}; target <= ${TARGET_RATIO})`,
  ];
};
