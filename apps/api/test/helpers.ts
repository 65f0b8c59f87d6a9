import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, REPO_ROOT, type Config } from '../src/config/env.ts';
import {
  createDatabase,
  createScratchDatabase,
  migrate,
  type DatabaseHandle,
  type DbRoot,
  type ScratchDatabase,
} from '@proxy/db';
import { prepareSecretsAtRest } from '../src/db/secrets-at-rest.ts';
import { createTranslator } from '../src/i18n/translator.ts';
import type { Mailer, MailRequest } from '../src/integrations/mail/mailer.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { TEST_DATA_ENCRYPTION_KEY } from './keys.ts';

export { bearer } from './api-client.ts';

export type TestContext = {
  app: FastifyInstance;
  /** Requests to `app` (login, profile, any route as a user). */
  api: ApiClient;
  config: Config;
  database: DatabaseHandle;
  /** Verification and reset mails sent by the pg-boss mail worker (asynchronous: see waitForMail). */
  mails: MailRequest[];
  /** Notification mails sent by the same worker (asynchronous; poll for them). */
  notificationMails: MailRequest[];
  close: () => Promise<void>;
};

/**
 * A mailer that records what would be sent. Notification and receipt mails go to
 * `notificationMails`, so auth tests counting the account mails in `mails` stay exact.
 */
export const createCapturingMailer = (
  mails: MailRequest[],
  notificationMails: MailRequest[] = mails,
): Mailer => ({
  send: (request) => {
    (request.purpose === 'notification' || request.purpose === 'receipt'
      ? notificationMails
      : mails
    ).push(request);
    return Promise.resolve();
  },
  close: () => undefined,
});

export { TEST_DATA_ENCRYPTION_KEY } from './keys.ts';

/** The test configuration: the shared test database, a fresh DATA_DIR, its own pg-boss schema. */
export const testConfig = (overrides: Parameters<typeof loadConfig>[0] = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cabinet-api-test-')),
    APP_URL: 'http://cabinet.test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    WEB_DIST_DIR: path.join(REPO_ROOT, 'data', 'no-such-dist'),
    LOCALES_DIR: path.join(REPO_ROOT, 'apps/web/public/locales'),
    // The counters live in the test database, shared by every app of the run: roomy enough for
    // all test files together. Rate-limit tests set their own limits and client addresses.
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_ACCOUNT_MAX: '1000',
    LOG_LEVEL: 'silent',
    // Each app its own pg-boss schema: parallel test files must not run each other's mail jobs.
    JOBS_SCHEMA: `pgboss_test_${randomBytes(4).toString('hex')}`,
    JOBS_POLL_SECONDS: '0.5',
    // The test files share one database: an app must not provision another file's packages.
    PROVISIONING_SWEEP_SECONDS: '0',
    // Nor notify another file's exhausted packages (tests that need the sweep turn it on).
    PACKAGE_EVENTS_SWEEP_SECONDS: '0',
    // Nor renew, expire or remind another file's packages (the lifecycle tests call the sweeps).
    PACKAGE_LIFECYCLE_SWEEP_SECONDS: '0',
    // Nor expire another file's payments (the payment tests call the sweep).
    PAYMENT_EXPIRY_SWEEP_SECONDS: '0',
    ...overrides,
  });

export const createTestApp = async (
  overrides: Parameters<typeof loadConfig>[0] = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** Replaces the capturing mailer (then `mails` and `notificationMails` stay empty). */
  mailer?: Mailer,
  /** Sees every route as it is added (the fuzz test walks the route table). */
  onRoute?: BuildOptions['onRoute'],
): Promise<TestContext> => {
  const config = testConfig(overrides);
  const database = createDatabase(config.DATABASE_URL ?? '', 5);
  // What the server process does after migrating (server.ts), so a test app starts like one.
  await prepareSecretsAtRest(database.db, config.DATA_ENCRYPTION_KEY).catch(async (error) => {
    await database.close();
    throw error;
  });
  const mails: MailRequest[] = [];
  const notificationMails: MailRequest[] = [];
  const app = await buildApp(
    {
      config,
      db: database.db,
      mailer: mailer ?? createCapturingMailer(mails, notificationMails),
      translator: createTranslator(config.LOCALES_DIR),
    },
    onRoute ? { onRoute } : {},
  );
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    api: createApiClient(app),
    config,
    database,
    mails,
    notificationMails,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/**
 * The usual test-file setup: one app for the file, built before its tests and closed after.
 * The returned context is filled in by `beforeAll`, so read it only inside tests and hooks.
 */
export const useTestApp = (...args: Parameters<typeof createTestApp>): TestContext => {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(...args));
  });
  afterAll(async () => ctx.close());
  return ctx;
};

type ScratchOptions = { migrate?: boolean };

/**
 * A throw-away database on the run's server (not the shared test database) with a small pool on
 * it; `close` ends the pool and drops the database. `migrate` for tests that need the schema
 * without starting a server.
 */
export const openScratchDatabase = async (prefix: string, options: ScratchOptions = {}) => {
  const scratch = await createScratchDatabase({
    serverUrl: inject('adminUrl'),
    dataDir: path.join(REPO_ROOT, 'data'),
    prefix,
  });
  if (options.migrate) await migrate(scratch.url);
  const database = createDatabase(scratch.url, 2);
  return {
    scratch,
    database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};

/**
 * A database of the test file's own (openScratchDatabase), created before its tests and dropped
 * after: for tests whose data is global (exits) or whose server sweeps everything. Read it
 * inside tests.
 */
export const useScratchDatabase = (prefix: string, options: ScratchOptions = {}) => {
  const ctx = {} as { scratch: ScratchDatabase; database: DatabaseHandle };
  let close = () => Promise.resolve();
  beforeAll(async () => {
    const opened = await openScratchDatabase(prefix, options);
    ctx.scratch = opened.scratch;
    ctx.database = opened.database;
    close = opened.close;
  });
  afterAll(() => close());
  return ctx;
};

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

export const PASSWORD = 'password-123';

/** The body of POST /api/register for a new user with PASSWORD; `fields` replace or add to it. */
export const registration = (fields: Record<string, unknown> = {}) => ({
  name: 'Tester',
  email: uniqueEmail(),
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms_checkbox: true,
  ...fields,
});

export type Registered = {
  token: string;
  email: string;
  id: number;
  /** The user's referral code (`?ref=` of the links that invite others). */
  refLink: string;
  body: Record<string, unknown>;
};

/**
 * A client address no other test uses. Rate-limit counters live in the test database, shared
 * by every app of the run, so a test with low limits sends from addresses of its own.
 */
let addresses = 0;
export const nextAddress = () => {
  addresses += 1;
  return `10.${100 + (process.pid % 100)}.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
};

export const registerUser = async (
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
  remoteAddress?: string,
): Promise<Registered> => {
  const payload = registration(fields);
  const { email } = payload;
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; user: { id: number; ref_link: string } }>();
  return {
    token: body.token,
    email,
    id: body.user.id,
    refLink: body.user.ref_link,
    body: body as unknown as Record<string, unknown>,
  };
};

/** Polls until `probe` returns a value (queued mail arrives within a few polling intervals). */
export const waitFor = async <T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** A registered user whose e-mail is verified (money endpoints require it). */
export const verifiedUser = async (
  ctx: TestContext,
  fields: Record<string, unknown> = {},
): Promise<Registered> => {
  const user = await registerUser(ctx.app, fields);
  await markEmailVerified(ctx.database.db, user.id);
  return user;
};

/** Marks the user's e-mail verified, as following the mailed link does. */
export const markEmailVerified = (db: DbRoot, userId: number) =>
  db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();

/** The directives of a Content-Security-Policy header, by name. */
export const cspDirectives = (header: unknown): Map<string, string[]> => {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
};
