import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config/env.ts';
import { buildAccountMail } from './modules/auth/account-mail.ts';
import {
  createTestApp,
  nextAddress,
  registerUser,
  registration,
  uniqueEmail,
  waitFor,
  type TestContext,
} from '../test/helpers.ts';
import { postJson, spawnServer, waitForHealth, type ServerProcess } from '../test/processes.ts';

/**
 * Two API instances on one database (the documented way to scale): each its own DATA_DIR and
 * process state, one APP_SECRET from the environment. They must behave as one.
 */
describe('two instances on one database', () => {
  const shared = {
    RATE_LIMIT_AUTH_MAX: '3',
    RATE_LIMIT_ACCOUNT_MAX: '100',
    RATE_LIMIT_WEBHOOK_MAX: '2',
  };
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    first = await createTestApp(shared);
    second = await createTestApp(shared);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('a verification link made by one instance works on the other', async () => {
    expect(first.config.DATA_DIR).not.toBe(second.config.DATA_DIR);
    const user = await registerUser(first.app, {}, nextAddress());
    const mail = await buildAccountMail(first.database.db, first.config, {
      kind: 'verify-email',
      userId: user.id,
      email: user.email,
    });
    const link = new URL(mail?.link ?? '');
    const response = await second.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(response.headers.location).toBe(
      'http://cabinet.test/cabinet/email/verification?successEmailVerify=true',
    );
  });

  it('the login limit per IP counts across both instances', async () => {
    const attempt = (ctx: TestContext) =>
      ctx.api.request('POST', '/api/userlogin', {
        payload: { email: uniqueEmail(), password: 'wrong-password' },
        remoteAddress: '10.9.0.1',
      });
    expect((await attempt(first)).statusCode).toBe(422);
    expect((await attempt(second)).statusCode).toBe(422);
    expect((await attempt(first)).statusCode).toBe(422);
    expect((await attempt(second)).statusCode).toBe(429);
    expect((await attempt(first)).statusCode).toBe(429);
  });

  it('route limits of @fastify/rate-limit (payment webhooks) count across both instances too', async () => {
    const deliver = (ctx: TestContext) =>
      ctx.api.request('POST', '/api/payment/webhook/sandbox', {
        headers: { 'content-type': 'application/json' },
        payload: '{}',
        remoteAddress: '10.9.0.2',
      });
    expect((await deliver(first)).statusCode).not.toBe(429);
    expect((await deliver(second)).statusCode).not.toBe(429);
    const limited = await deliver(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED');
  });

  it('APP_SECRET is required when DATABASE_URL names a server, with a clear message', () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: inject('databaseUrl'),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cabinet-secret-')),
        APP_SECRET: undefined,
      }),
    ).toThrow(/APP_SECRET: required .* when DATABASE_URL is set/);
  });
});

/** The verification link in the .eml files a server without SMTP writes to DATA_DIR/mail. */
const findVerificationLink = async (dataDir: string, email: string) => {
  const dir = path.join(dataDir, 'mail');
  for (const file of await readdir(dir).catch(() => [] as string[])) {
    const raw = (await readFile(path.join(dir, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!raw.toLowerCase().includes(`to: ${email}`)) continue;
    const match = /https?:\/\/[^\s"<>]+\/api\/email\/verify\/confirm\?token=[^\s"<>&]+/.exec(raw);
    if (match) return new URL(match[0]);
  }
  return undefined;
};

describe('two server processes on one database', () => {
  const env = {
    APP_SECRET: 'multi-instance-secret-multi-instance-secret-01',
    // One job schema, as instances of one deployment share it.
    JOBS_SCHEMA: `pgboss_multi_${randomBytes(4).toString('hex')}`,
    JOBS_POLL_SECONDS: '0.5',
    // Client addresses from X-Forwarded-For: counters of other test files stay apart.
    TRUST_PROXY: 'true',
    RATE_LIMIT_AUTH_MAX: '3',
    RATE_LIMIT_ACCOUNT_MAX: '100',
  };
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it(
    'a link mailed by one works on the other, and the login limit counts across both',
    { timeout: 90_000 },
    async () => {
      servers.push(await spawnServer(env), await spawnServer(env));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      await Promise.all([waitForHealth(a.base, 60_000), waitForHealth(b.base, 60_000)]);
      const client = nextAddress();

      const email = uniqueEmail('multi');
      const registered = await postJson(a.base, '/api/register', registration({ email }), {
        'x-forwarded-for': client,
      });
      expect(registered.status).toBe(201);
      // Either instance's worker may send it; open the link on the instance that did not.
      const found = await waitFor(async () => {
        for (const [sender, other] of [
          [a, b],
          [b, a],
        ] as const) {
          const link = await findVerificationLink(sender.dataDir, email);
          if (link) return { link, other };
        }
        return undefined;
      }, 30_000);
      const confirmed = await fetch(
        `${found.other.base}${found.link.pathname}${found.link.search}`,
        {
          redirect: 'manual',
        },
      );
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get('location')).toContain('successEmailVerify=true');

      const attempt = (server: ServerProcess) =>
        postJson(
          server.base,
          '/api/userlogin',
          { email: uniqueEmail(), password: 'wrong-password' },
          { 'x-forwarded-for': client },
        ).then((response) => response.status);
      expect([await attempt(a), await attempt(b), await attempt(a)]).toEqual([422, 422, 422]);
      expect(await attempt(b)).toBe(429);
      expect(await attempt(a)).toBe(429);
    },
  );

  it(
    'refuses to start with DATABASE_URL and no APP_SECRET, saying why',
    { timeout: 60_000 },
    async () => {
      const server = await spawnServer({ ...env, APP_SECRET: '' });
      servers.push(server);
      const [code] = (await once(server.child, 'exit')) as [number | null];
      expect(code).not.toBe(0);
      expect(server.stderr()).toContain('APP_SECRET: required');
      expect(server.stderr()).toContain('when DATABASE_URL is set');
    },
  );
});
