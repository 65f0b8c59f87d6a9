/**
 * `npm run bench`: the API's hot paths, each server in its own process and the load from wrk
 * in another (apps/api/bench/load.ts), over a throw-away database (embedded, or a fresh one on
 * DATABASE_URL's server) with 100k users and tokens:
 *
 * - GET /api/profile of the real server (src/server.ts, production settings, default logging
 *   into a log file) against a bare Fastify + pg route running the same SELECT;
 * - GET /api/profile/payments of a user with 10,000 payments;
 * - the catalogue and POST /api/tariff/buy, with the money checks of bench/purchases.ts;
 * - a 100k-line proxy list export in each format: time and the server's memory (exports.ts);
 * - GET /api/packages of a customer with 5,000 packages in a 10k-row and a 1M-row table
 *   (bench/packages.ts; BENCH_ONLY=packages runs it alone).
 *
 * The machine is shared, so absolute figures move with its load: the ratios are what compare.
 * Profile, bare and payments run in alternating rounds (BENCH_ROUNDS) so that a burst of
 * outside load hits all of them alike. Everything written lands in a temp folder, removed at
 * the end.
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, migrate } from '@proxy/db';
import { REPO_ROOT } from '../src/config/env.ts';
import { sealSecret, SECRET_PURPOSES } from '../src/lib/secret-box.ts';
import { setUpDatabase } from './database.ts';
import { runLoad, type LoadResult } from './load.ts';
import { assertClean, combined, row } from './report.ts';
import { PACKAGES_USER, benchPackages } from './packages.ts';
import { PAYMENT_LIST_QUERIES, seedPayments } from './payments.ts';
import { startServer, type ServerProcess } from './processes.ts';
import { benchPurchases } from './purchases.ts';
import { benchExports } from './exports.ts';

const USERS = 100_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** `reads`, `purchases`, `exports` or `packages` runs only that part (while working on one). */
const ONLY = process.env.BENCH_ONLY;
const runs = (part: 'reads' | 'purchases' | 'exports') => ONLY === undefined || ONLY === part;
const CONNECTIONS = 50;
/** The payments user, and the first of the 100 purchase users (they must hold nothing). */
const PAYMENTS_USER = 7;
const FIRST_BUYER = 1001;
/** The owner of the 100k-line export's lists. */
const EXPORTER = 2001;

const tokenOf = (id: number) => `benchtoken${String(id).padStart(12, '0')}`;

/** Every bench user holds one sealed sample key (the profile decrypts it like any other). */
const seed = async (url: string, dataKey: Buffer) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Set-based inserts: 100k users and one token each in a couple of seconds.
    await client.query(
      `
      INSERT INTO users (name, email, password_hash, ref_link, api_key_digest, api_key_encrypted, email_verified_at, balance_cents)
      SELECT 'User ' || g, 'user' || g || '@bench.test', 'x', 'ref' || g,
        encode(sha256(convert_to(md5('key' || g), 'UTF8')), 'hex'), $1, now(), 0
      FROM generate_series(1, ${USERS}) AS g`,
      [sealSecret(dataKey, createHash('md5').update('key').digest('hex'), SECRET_PURPOSES.apiKey)],
    );
    await client.query(`
      INSERT INTO access_tokens (user_id, token_hash, expires_at)
      SELECT id, encode(sha256(convert_to('benchtoken' || lpad(id::text, 12, '0'), 'UTF8')), 'hex'), now() + interval '30 days'
      FROM users`);
    await client.query('ANALYZE users; ANALYZE access_tokens');
  } finally {
    await client.end();
  }
};

/** Profile (app and bare) and the payments list in alternating rounds; returns the report. */
const benchReads = async (app: ServerProcess, bare: ServerProcess, workDir: string) => {
  const token = tokenOf(USERS / 2);
  const load = (url: string, durationS = DURATION_S) =>
    runLoad({ url, durationS, connections: CONNECTIONS, tokens: [token] }, workDir);
  const profileUrl = `${app.url}/api/profile`;
  const bareUrl = `${bare.url}/profile`;
  const paymentsUrl = (query: string) => `${app.url}/api/profile/payments${query}`;
  const paymentsLoad = (query: string, durationS = DURATION_S) =>
    runLoad(
      {
        url: paymentsUrl(query),
        durationS,
        connections: CONNECTIONS,
        tokens: [tokenOf(PAYMENTS_USER)],
      },
      workDir,
    );
  // JIT and pool warm-up.
  assertClean('warm-up', await load(profileUrl, 2));
  assertClean('warm-up', await load(bareUrl, 2));
  assertClean('warm-up', await paymentsLoad('', 2));

  const rounds: { app: LoadResult; bare: LoadResult; payments: LoadResult }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const appResult = await load(profileUrl);
    assertClean('app', appResult);
    const bareResult = await load(bareUrl);
    assertClean('bare', bareResult);
    const payments = await paymentsLoad('');
    assertClean('payments', payments);
    rounds.push({ app: appResult, bare: bareResult, payments });
  }
  const others: [string, LoadResult][] = [];
  for (const [label, query] of PAYMENT_LIST_QUERIES.slice(1)) {
    const result = await paymentsLoad(query);
    assertClean(`payments ${label}`, result);
    others.push([label, result]);
  }

  const appAll = combined(rounds.map((r) => r.app));
  const bareAll = combined(rounds.map((r) => r.bare));
  const paymentsAll = combined(rounds.map((r) => r.payments));
  const profileRatios = rounds.map((r) => r.app.okPerSecond / r.bare.okPerSecond);
  const paymentRatios = rounds.map((r) => r.payments.okPerSecond / r.app.okPerSecond);
  const fixed = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  return [
    '',
    `GET /api/profile, ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S}s, wrk in its own process`,
    '| target (mean of rounds)                |    req/s | p50 ms | p99 ms  |',
    '|----------------------------------------|----------|--------|---------|',
    row('app: auth + profile, logs on', appAll),
    row('bare fastify + pg (floor)', bareAll),
    row('app: payments, 10k rows', paymentsAll),
    ...others.map(([label, result]) => row(`  payments ${label}`, result)),
    '',
    `ratio profile app/bare:   ${(appAll.okPerSecond / bareAll.okPerSecond).toFixed(2)}x (rounds ${fixed(profileRatios)}; target >= 0.85)`,
    `ratio payments/profile:   ${(paymentsAll.okPerSecond / appAll.okPerSecond).toFixed(2)}x (rounds ${fixed(paymentRatios)}; target >= 0.50, within 2x)`,
  ];
};

/**
 * The real server process with production settings and default logging (LOG_LEVEL unset),
 * its log in the temp folder; mail as .eml files into the temp folder too.
 */
const startApp = (label: string, databaseUrl: string, dataKey: Buffer, workDir: string) => {
  const poolSize = process.env.DATABASE_POOL_SIZE;
  return startServer({
    label,
    script: 'apps/api/src/server.ts',
    healthPath: '/api/health',
    logFile: path.join(workDir, `${label}.log`),
    env: {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(workDir, `${label}-data`),
      WEB_DIST_DIR: path.join(workDir, 'no-dist'),
      APP_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: dataKey.toString('hex'),
      ...(poolSize ? { DATABASE_POOL_SIZE: poolSize } : {}),
    },
    // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the server spends its time.
    nodeArgs: process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
};

/**
 * The packages table against a 10k-row and a 1M-row table (bench/packages.ts): the 1M table
 * is the bench database's, the 10k one a second database with the same users.
 */
const runPackages = async (databaseUrl: string, dataKey: Buffer, workDir: string) => {
  const small = await setUpDatabase('packages_10k');
  try {
    await migrate(small.url);
    await seed(small.url, dataKey);
    return await benchPackages({
      small: {
        url: small.url,
        server: () => startApp('packages-10k', small.url, dataKey, workDir),
      },
      large: {
        url: databaseUrl,
        server: () => startApp('packages-1m', databaseUrl, dataKey, workDir),
      },
      users: USERS,
      sealedPassword: sealSecret(dataKey, 'bench-password', SECRET_PURPOSES.packagePassword),
      token: tokenOf(PACKAGES_USER),
      durationS: DURATION_S,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      workDir,
    });
  } finally {
    await small.cleanup();
  }
};

const main = async () => {
  const started = Date.now();
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/ensure-wrk.mjs')], {
    stdio: 'inherit',
  });
  const workDir = mkdtempSync(path.join(tmpdir(), 'proxy-bench-'));
  const database = await setUpDatabase();
  const servers: ServerProcess[] = [];
  const handle = createDatabase(database.url, 4);
  try {
    await migrate(database.url);
    const dataKey = randomBytes(32);
    await seed(database.url, dataKey);
    if (ONLY === 'packages') {
      process.stdout.write([...(await runPackages(database.url, dataKey, workDir)), ''].join('\n'));
      return;
    }
    await seedPayments(handle.db, PAYMENTS_USER);
    const poolSize = process.env.DATABASE_POOL_SIZE;

    const app = await startApp('app', database.url, dataKey, workDir);
    servers.push(app);
    const bare = await startServer({
      label: 'bare',
      script: 'apps/api/bench/bare-server.ts',
      healthPath: '/health',
      logFile: path.join(workDir, 'bare.log'),
      env: {
        BENCH_DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: poolSize ?? '10',
      },
    });
    servers.push(bare);

    const lines: string[] = [];
    if (runs('reads')) lines.push(...(await benchReads(app, bare, workDir)));
    if (runs('purchases')) {
      const purchases = await benchPurchases({
        db: handle.db,
        baseUrl: app.url,
        bareUrl: bare.url,
        tokenOf,
        firstUserId: FIRST_BUYER,
        durationS: DURATION_S * 2,
        scriptDir: workDir,
      });
      lines.push(
        ...purchases.lines,
        '',
        `purchases target: >= 1000/s with p99 < 100 ms: ${purchases.purchases.okPerSecond.toFixed(0)}/s, p99 ${purchases.purchases.latencyMs.p99.toFixed(1)} ms`,
      );
    }

    if (runs('exports'))
      lines.push(
        ...(await benchExports({
          db: handle.db,
          baseUrl: app.url,
          pid: app.pid,
          dataKey,
          userId: EXPORTER,
          token: tokenOf(EXPORTER),
        })),
      );

    // Last: its million rows would weigh on the purchases' writes.
    if (ONLY === undefined) lines.push(...(await runPackages(database.url, dataKey, workDir)));

    for (const server of servers.splice(0)) await server.stop();
    const log = readFileSync(app.logFile, 'utf8');
    const logLines = log.split('\n').filter(Boolean).length;
    // BENCH_KEEP_LOG=<file>: keep the server's log for a look after the run.
    if (process.env.BENCH_KEEP_LOG) writeFileSync(process.env.BENCH_KEEP_LOG, log);
    process.stdout.write(
      [
        ...lines,
        `app log at the default level: ${logLines} lines for the whole bench   total ${((Date.now() - started) / 1000).toFixed(0)}s`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const server of servers) await server.stop();
    await handle.close();
    await database.cleanup();
    rmSync(workDir, { recursive: true, force: true });
  }
};

await main();
process.exit(0);
