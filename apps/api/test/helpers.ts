import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, REPO_ROOT, type Config } from '../src/config/env.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createTranslator } from '../src/i18n/translator.ts';
import type { Mailer, MailRequest } from '../src/integrations/mail/mailer.ts';

export type TestContext = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** Verification and reset mails sent by the pg-boss mail worker (asynchronous: see waitForMail). */
  mails: MailRequest[];
  /** Notification mails sent by the same worker (asynchronous; poll for them). */
  notificationMails: MailRequest[];
  close: () => Promise<void>;
};

/**
 * A mailer that records what would be sent. Notification mails go to `notificationMails`, so
 * auth tests counting the account mails in `mails` stay exact.
 */
export const createCapturingMailer = (
  mails: MailRequest[],
  notificationMails: MailRequest[] = mails,
): Mailer => ({
  send: (request) => {
    (request.purpose === 'notification' ? notificationMails : mails).push(request);
    return Promise.resolve();
  },
  deliver: (request) => {
    mails.push(request);
  },
  close: () => undefined,
});

/** The test configuration: the shared test database, a fresh DATA_DIR, its own pg-boss schema. */
export const testConfig = (overrides: Parameters<typeof loadConfig>[0] = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cabinet-api-test-')),
    APP_URL: 'http://cabinet.test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIST_DIR: path.join(REPO_ROOT, 'data', 'no-such-dist'),
    LOCALES_DIR: path.join(REPO_ROOT, 'apps/web/public/locales'),
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_ACCOUNT_MAX: '1000',
    LOG_LEVEL: 'silent',
    // Each app its own pg-boss schema: parallel test files must not run each other's mail jobs.
    JOBS_SCHEMA: `pgboss_test_${randomBytes(4).toString('hex')}`,
    JOBS_POLL_SECONDS: '0.5',
    ...overrides,
  });

export const createTestApp = async (
  overrides: Parameters<typeof loadConfig>[0] = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestContext> => {
  const config = testConfig(overrides);
  const database = createDatabase(config.DATABASE_URL ?? '', 5);
  const mails: MailRequest[] = [];
  const notificationMails: MailRequest[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    mailer: createCapturingMailer(mails, notificationMails),
    translator: createTranslator(config.LOCALES_DIR),
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
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

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

export const PASSWORD = 'password-123';

export type Registered = {
  token: string;
  email: string;
  id: number;
  body: Record<string, unknown>;
};

export const registerUser = async (
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
): Promise<Registered> => {
  const email = (fields.email as string | undefined) ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Tester',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_checkbox: true,
      ...fields,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; user: { id: number } }>();
  return {
    token: body.token,
    email,
    id: body.user.id,
    body: body as unknown as Record<string, unknown>,
  };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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

/** The first account mail (from index `from` of `ctx.mails`) that matches, once the worker sent it. */
export const waitForMail = (
  ctx: TestContext,
  predicate: (mail: MailRequest) => boolean,
  from = 0,
): Promise<MailRequest> => waitFor(() => ctx.mails.slice(from).find(predicate));

/**
 * Waits until this app's mail queue has nothing created, retrying or running, so every mail
 * queued so far is in `ctx.mails` / `ctx.notificationMails` and counts are final.
 */
export const settleMail = async (ctx: TestContext, timeoutMs = 15_000) => {
  const jobs = sql.table(`${ctx.config.JOBS_SCHEMA}.job`);
  await waitFor(async () => {
    const { rows } = await sql<{ pending: number }>`
      select count(*)::int as pending from ${jobs}
      where name = 'mail' and state in ('created', 'retry', 'active')`.execute(ctx.database.db);
    return rows[0]?.pending === 0 ? true : undefined;
  }, timeoutMs);
};

/** A registered user whose e-mail is verified (money endpoints require it). */
export const verifiedUser = async (
  ctx: TestContext,
  fields: Record<string, unknown> = {},
): Promise<Registered> => {
  const user = await registerUser(ctx.app, fields);
  await ctx.database.db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`now()` })
    .where('id', '=', user.id)
    .execute();
  return user;
};

/** The status of GET /api/profile with this bearer token: 200 while the session lives, 401 once revoked. */
export const profileStatus = async (ctx: TestContext, token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode;
