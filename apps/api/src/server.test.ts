import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registration } from '../test/helpers.ts';
import { postJson, spawnServer, waitForHealth } from '../test/processes.ts';

describe('server process', () => {
  it('drains in-flight requests on SIGTERM, then exits 0', { timeout: 60_000 }, async () => {
    const server = await spawnServer({
      RATE_LIMIT_AUTH_MAX: '1000',
      RATE_LIMIT_ACCOUNT_MAX: '1000',
      // Requests are logged at debug (issue 9): this test watches them arrive.
      LOG_LEVEL: 'debug',
    });
    // One "incoming request" debug line per request the server has started to handle.
    const registrationsReceived = () =>
      server
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"incoming request"') && line.includes('/api/register'))
        .length;
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      await waitForHealth(server.base);

      // Registrations hash with argon2id (tens of ms each): several are in flight at SIGTERM.
      const requests = Array.from({ length: 8 }, (_, i) =>
        postJson(
          server.base,
          '/api/register',
          registration({
            name: 'Drainer',
            email: `drain-${i}-${randomBytes(4).toString('hex')}@example.test`,
          }),
          // A fresh connection per request: a reused keep-alive socket that the server is
          // closing as idle would be a client-side race, not what this test is about.
          { connection: 'close' },
        ).then((r) => r.status),
      );
      // SIGTERM once the server has every request in hand; their argon2 work is still running.
      await expect.poll(registrationsReceived, { interval: 2, timeout: 10_000 }).toBe(8);
      server.child.kill('SIGTERM');

      expect(await Promise.all(requests)).toEqual(Array.from({ length: 8 }, () => 201));
      const [code] = await exited;
      expect(code).toBe(0);
      await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it(
    'at the default log level, requests log nothing and the URL box is the last output',
    { timeout: 60_000 },
    async () => {
      const server = await spawnServer({ LOG_LEVEL: 'info' });
      try {
        await waitForHealth(server.base);
        await expect.poll(server.stdout, { timeout: 10_000 }).toContain('└');
        for (const url of ['/api/health', '/api/profile', '/login', '/api/nothing'])
          await fetch(`${server.base}${url}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(server.stdout()).not.toMatch(/incoming request|request completed/);
        const lines = server.stdout().trimEnd().split('\n');
        expect(lines.at(-1)).toMatch(/^└─+┘$/);
        const box = lines.slice(lines.findLastIndex((line) => line.startsWith('┌')));
        expect(box.join('\n')).toContain(server.base);
        await server.stop();
      } finally {
        await server.stop('SIGKILL');
      }
    },
  );
});
