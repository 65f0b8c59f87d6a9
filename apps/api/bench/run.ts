/**
 * `npm run bench`: GET /api/profile (full app: auth plugin + profile module) against a
 * bare Fastify route running the same single indexed SELECT with plain pg, over 100k
 * users and tokens. Uses a throw-away database (embedded, or on DATABASE_URL's server).
 */
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { benchPayments } from './payments.ts';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, REPO_ROOT } from '../src/config/env.ts';
import { createDatabase, createPool } from '../src/db/database.ts';
import { findFreePort, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTranslator } from '../src/i18n/translator.ts';
import { createMailer } from '../src/integrations/mail/mailer.ts';
import { benchPurchases } from './purchases.ts';

const USERS = 100_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const POOL_SIZE = 10;

const suffix = randomBytes(4).toString('hex');

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const adminQuery = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

const setUpDatabase = async (): Promise<{ url: string; cleanup: () => Promise<void> }> => {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `cabinet_bench_${suffix}`;
    const admin = withDatabase(external, 'postgres');
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    return {
      url: withDatabase(external, name),
      cleanup: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = path.join(REPO_ROOT, 'data', `bench-pg-${suffix}`);
  const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), ephemeral: true });
  return {
    url: embedded.url,
    cleanup: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

const seed = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Set-based inserts: 100k users and one token each in a couple of seconds.
    await client.query(`
      INSERT INTO users (name, email, password_hash, ref_link, api_key, email_verified_at, balance_cents)
      SELECT 'User ' || g, 'user' || g || '@bench.test', 'x', 'ref' || g, md5('key' || g), now(), g
      FROM generate_series(1, ${USERS}) AS g`);
    await client.query(`
      INSERT INTO access_tokens (user_id, token_hash, expires_at)
      SELECT id, encode(sha256(convert_to('benchtoken' || lpad(id::text, 12, '0'), 'UTF8')), 'hex'), now() + interval '30 days'
      FROM users`);
    await client.query('ANALYZE users; ANALYZE access_tokens');
  } finally {
    await client.end();
  }
};

const run = (url: string, token: string, duration = DURATION_S) =>
  autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });

const assertClean = (label: string, result: Result) => {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
};

const main = async () => {
  const started = Date.now();
  const database = await setUpDatabase();
  try {
    await migrate(database.url);
    await seed(database.url);
    const token = `benchtoken${String(USERS / 2).padStart(12, '0')}`;

    // The real app, production settings, no static files and no request logging.
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(REPO_ROOT, 'data', 'no-dist'),
      APP_SECRET: randomBytes(32).toString('hex'),
    });
    const handle = createDatabase(database.url, POOL_SIZE);
    const app = await buildApp({
      config,
      db: handle.db,
      mailer: createMailer({
        from: config.MAIL_FROM,
        dataDir: config.DATA_DIR,
        logger: { info: () => undefined, error: () => undefined },
      }),
      translator: createTranslator(config.LOCALES_DIR),
    });
    const appPort = await findFreePort();
    await app.listen({ port: appPort, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${appPort}/api/profile`;
    await run(appUrl, token, 2).then((r) => assertClean('warm-up', r)); // JIT and pool warm-up
    const appResult = await run(appUrl, token);
    assertClean('app', appResult);
    // Issue 5: catalogue reads and purchase throughput on the same running app.
    const purchaseLines = await benchPurchases(
      handle.db,
      `http://127.0.0.1:${appPort}`,
      (id) => `benchtoken${String(id).padStart(12, '0')}`,
      DURATION_S,
    );
    // Issue 4: the payments list of a user with 10k payments.
    const paymentLines = await benchPayments(
      handle.db,
      `http://127.0.0.1:${appPort}`,
      (id) => `benchtoken${String(id).padStart(12, '0')}`,
      DURATION_S,
    );
    await app.close();
    await handle.close();

    // The floor: the same query with plain pg behind a bare Fastify route.
    const pool = createPool(database.url, POOL_SIZE);
    const bare = Fastify();
    bare.get('/profile', async (request, reply) => {
      const raw = (request.headers.authorization ?? '').slice(7);
      const { rows } = await pool.query(
        `SELECT u.*, t.id AS token_id FROM access_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`,
        [createHash('sha256').update(raw).digest('hex')],
      );
      if (rows.length === 0) return reply.code(401).send({ success: false });
      return { user: rows[0] as unknown };
    });
    const barePort = await findFreePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${barePort}/profile`;
    await run(bareUrl, token, 2).then((r) => assertClean('warm-up', r));
    const bareResult = await run(bareUrl, token);
    assertClean('bare', bareResult);
    await bare.close();
    await pool.end();

    const row = (label: string, r: Result) =>
      `| ${label.padEnd(26)} | ${r.requests.average.toFixed(0).padStart(8)} | ${r.latency.p99.toFixed(1).padStart(7)} |`;
    const ratio = appResult.requests.average / bareResult.requests.average;
    process.stdout.write(
      [
        '',
        `GET /api/profile, ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections, ${DURATION_S}s each, pool ${POOL_SIZE}`,
        '| target                     |    req/s | p99 ms  |',
        '|----------------------------|----------|---------|',
        row('app (auth + profile)', appResult),
        row('bare fastify + pg (floor)', bareResult),
        '',
        `ratio app/bare: ${ratio.toFixed(2)}x (target >= 0.70)   total ${((Date.now() - started) / 1000).toFixed(0)}s`,
        '',
        ...purchaseLines,
        ...paymentLines,
      ].join('\n'),
    );
  } finally {
    await database.cleanup();
  }
};

await main();
process.exit(0);
