import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from './config/env.ts';

const freePort = async (): Promise<number> => {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};

const waitForHealth = async (base: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
};

describe('server process', () => {
  it('drains in-flight requests on SIGTERM, then exits 0', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const dataDir = path.join(REPO_ROOT, 'data', `server-test-${randomBytes(4).toString('hex')}`);
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/server.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: inject('databaseUrl'),
          DATA_DIR: dataDir,
          APP_SECRET: 'server-test-secret-server-test-secret-0123',
          JOBS_SCHEMA: `pgboss_srv_${randomBytes(4).toString('hex')}`,
          RATE_LIMIT_AUTH_MAX: '1000',
          RATE_LIMIT_ACCOUNT_MAX: '1000',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // pino logs one "incoming request" line per request the server has started to handle.
    let registrationsReceived = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      registrationsReceived += chunk
        .toString()
        .split('\n')
        .filter(
          (line) => line.includes('"incoming request"') && line.includes('/api/register'),
        ).length;
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      await waitForHealth(base);

      // Registrations hash with argon2id (tens of ms each): several are in flight at SIGTERM.
      const requests = Array.from({ length: 8 }, (_, i) =>
        fetch(`${base}/api/register`, {
          method: 'POST',
          // A fresh connection per request: a reused keep-alive socket that the server is
          // closing as idle would be a client-side race, not what this test is about.
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({
            name: 'Drainer',
            email: `drain-${i}-${randomBytes(4).toString('hex')}@example.test`,
            password: 'password-123',
            password_confirmation: 'password-123',
            terms_checkbox: true,
          }),
        }).then((r) => r.status),
      );
      // SIGTERM once the server has every request in hand; their argon2 work is still running.
      await expect.poll(() => registrationsReceived, { interval: 2, timeout: 10_000 }).toBe(8);
      child.kill('SIGTERM');

      expect(await Promise.all(requests)).toEqual(Array.from({ length: 8 }, () => 201));
      const [code] = await exited;
      expect(code).toBe(0);
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
