import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registration } from '../test/helpers.ts';
import { postJson, spawnServer, waitForHealth } from '../test/processes.ts';

/** Every signal that stops a server: SIGHUP is what a closing terminal sends. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

describe('server process', () => {
  it.each(STOP_SIGNALS)(
    'drains in-flight requests on %s, then exits 0',
    { timeout: 60_000 },
    async (signal) => {
      const server = await spawnServer({
        RATE_LIMIT_AUTH_MAX: '1000',
        RATE_LIMIT_ACCOUNT_MAX: '1000',
        // Requests are logged at debug: this test watches them arrive.
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
        // The signal once the server has every request in hand; their argon2 work is still running.
        await expect.poll(registrationsReceived, { interval: 2, timeout: 10_000 }).toBe(8);
        server.child.kill(signal);

        expect(await Promise.all(requests)).toEqual(Array.from({ length: 8 }, () => 201));
        const [code] = await exited;
        expect(code).toBe(0);
        await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
      } finally {
        await server.stop('SIGKILL');
      }
    },
  );

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
        // Everything the requests could log is out once the process has drained and exited.
        await server.stop();
        const output = server.stdout();
        expect(output).not.toMatch(/incoming request|request completed/);
        // The runtime the repository carries (package.json's engines): Node 24 or newer.
        expect(Number(/"node":"v(\d+)\./.exec(output)?.[1])).toBeGreaterThanOrEqual(24);
        const all = output.split('\n');
        // Up to the shutdown's first log line, the box is the last thing printed.
        const lines = all
          .slice(
            0,
            all.findIndex((line) => line.includes('shutting down')),
          )
          .filter((line) => line !== '');
        expect(lines.at(-1)).toMatch(/^└─+┘$/);
        const box = lines.slice(lines.findLastIndex((line) => line.startsWith('┌')));
        expect(box.join('\n')).toContain(server.base);
      } finally {
        await server.stop('SIGKILL');
      }
    },
  );
});
