import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, REPO_ROOT, type Config } from '../src/config/env.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createTranslator } from '../src/i18n/translator.ts';
import type { Mailer, MailRequest } from '../src/integrations/mail/mailer.ts';

export type TestContext = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  mails: MailRequest[];
  /** Notification mails sent by the pg-boss mail worker (asynchronous; poll for them). */
  notificationMails: MailRequest[];
  close: () => Promise<void>;
};

/**
 * A mailer that records what would be sent; deliver() records synchronously. Queued
 * notification mails go to `notificationMails`, so auth tests counting `mails` stay exact.
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

export const createTestApp = async (
  overrides: Parameters<typeof loadConfig>[0] = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestContext> => {
  const config = loadConfig({
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
