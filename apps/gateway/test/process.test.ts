import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  basicAuth,
  createPackage,
  databaseUrl,
  TEST_DATA_KEY_HEX,
  usageOf,
  useDatabaseAndOrigin,
} from './helpers.ts';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

const freePort = async () => {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
};

describe('the gateway process', () => {
  const shared = useDatabaseAndOrigin();
  const { database } = shared;

  it('serves, and on SIGTERM writes the usage counted since the last flush and exits 0', async () => {
    const pkg = await createPackage(database.db);
    const httpPort = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl(),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gateway-process-')),
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY_HEX,
        GATEWAY_HTTP_PORT: String(httpPort),
        GATEWAY_SOCKS_PORT: String(await freePort()),
        GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
        // Only the stop flushes within this test.
        GATEWAY_FLUSH_INTERVAL_MS: '3600000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      const deadline = Date.now() + 20_000;
      while (!output.includes('Proxy gateway:')) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`gateway did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: httpPort,
              path: `http://127.0.0.1:${shared.origin.port}/bytes/20000`,
              headers: { 'Proxy-Authorization': basicAuth(pkg.login, pkg.password) },
              agent: false,
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
          .on('error', reject);
      });
      expect(status).toBe(200);
      expect(await usageOf(database.db, pkg.id)).toEqual({ up: 0, down: 0 });
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect((await usageOf(database.db, pkg.id)).down).toBeGreaterThan(20_000);
  });
});
