import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  basicAuth,
  canConnect,
  createPackage,
  databaseUrl,
  peerOf,
  proxyGet,
  TEST_DATA_KEY_HEX,
  usageOf,
  useDatabaseAndOrigin,
  waitFor,
} from './helpers.ts';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

const freePort = async () => {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
};

/** server.ts in its own process; resolves once it printed its banner. */
const startProcess = async (extraEnv: Record<string, string>) => {
  const httpPort = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gateway-process-')),
      DATA_ENCRYPTION_KEY: TEST_DATA_KEY_HEX,
      GATEWAY_HTTP_PORT: String(httpPort),
      GATEWAY_SOCKS_PORT: String(await freePort()),
      GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
      // Only the stop flushes within these tests.
      GATEWAY_FLUSH_INTERVAL_MS: '3600000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const deadline = Date.now() + 30_000;
  while (!output.includes('Proxy gateway:')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`gateway did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, httpPort, exited, output: () => output };
};

/** GET through the proxy on a connection of its own; the status once the body is read. */
const getThrough = (proxyPort: number, url: string, authorization: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: proxyPort,
          path: url,
          headers: { 'Proxy-Authorization': authorization },
          agent: false,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      )
      .on('error', reject);
  });

/** The processes a process forked (Linux). */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);

describe('the gateway process', () => {
  const shared = useDatabaseAndOrigin();
  const { database } = shared;

  // SIGHUP is what a closing terminal sends: it stops the gateway as gracefully as the others.
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'serves, and on %s writes the usage counted since the last flush and exits 0',
    async (signal) => {
      const pkg = await createPackage(database.db);
      const gateway = await startProcess({});
      try {
        const status = await getThrough(
          gateway.httpPort,
          `http://127.0.0.1:${shared.origin.port}/bytes/20000`,
          basicAuth(pkg.login, pkg.password),
        );
        expect(status).toBe(200);
        expect(await usageOf(database.db, pkg.id)).toEqual({ up: 0, down: 0 });
      } finally {
        gateway.child.kill(signal);
      }
      const [code] = await gateway.exited;
      expect(code).toBe(0);
      expect((await usageOf(database.db, pkg.id)).down).toBeGreaterThan(20_000);
    },
  );

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'with GATEWAY_WORKERS=2 runs two instances on the same ports; %s flushes both and exits 0',
    async (signal) => {
      const pkg = await createPackage(database.db);
      const instanceId = `workers-${randomBytes(4).toString('hex')}`;
      const gateway = await startProcess({ GATEWAY_WORKERS: '2', GATEWAY_INSTANCE_ID: instanceId });
      const workers = childrenOf(gateway.child.pid ?? 0);
      try {
        expect(gateway.output()).toContain('2 workers');
        expect(workers).toHaveLength(2);
        // Each worker is an instance of its own: its own LISTEN session on the database.
        const sessions = await sql<{ name: string }>`
        SELECT application_name AS name FROM pg_stat_activity
        WHERE application_name LIKE ${`gateway-listen ${instanceId}-%`} ORDER BY 1`.execute(
          database.db,
        );
        expect(sessions.rows.map((row) => row.name)).toEqual([
          `gateway-listen ${instanceId}-1`,
          `gateway-listen ${instanceId}-2`,
        ]);
        const statuses = await Promise.all(
          Array.from({ length: 40 }, () =>
            getThrough(
              gateway.httpPort,
              `http://127.0.0.1:${shared.origin.port}/bytes/10000`,
              basicAuth(pkg.login, pkg.password),
            ),
          ),
        );
        expect(statuses.every((status) => status === 200)).toBe(true);
        expect(await usageOf(database.db, pkg.id)).toEqual({ up: 0, down: 0 });
      } finally {
        gateway.child.kill(signal);
      }
      const [code] = await gateway.exited;
      expect(code).toBe(0);
      // Whichever worker served a request wrote its bytes at the stop: none are lost.
      expect((await usageOf(database.db, pkg.id)).down).toBeGreaterThan(40 * 10_000);
      const flushes = await sql<{ id: string }>`
      SELECT flush_id AS id FROM gateway_usage_flushes
      WHERE flush_id LIKE ${`${instanceId}-%`}`.execute(database.db);
      expect(flushes.rows.length).toBeGreaterThan(0);
      for (const worker of workers) expect(() => process.kill(Number(worker), 0)).toThrow();
    },
  );

  it('killed (SIGKILL) mid-download, the next gateway on its DATA_DIR bills what it relayed, within one chunk', async () => {
    const pkg = await createPackage(database.db);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-process-'));
    const gateway = await startProcess({ DATA_DIR: dataDir });
    const answer = 'HTTP/1.1 200 Connection Established\r\n\r\n';
    const origin = `127.0.0.1:${shared.origin.port}`;
    const client = net.connect({ host: '127.0.0.1', port: gateway.httpPort });
    let received = 0;
    const closed = new Promise<void>((resolve) => {
      client.on('data', (chunk: Buffer) => {
        received += chunk.length;
        // Most of a 32 MB download at about 5 MB/s is still to come.
        if (received >= 2 * 1024 * 1024 && gateway.child.exitCode === null)
          gateway.child.kill('SIGKILL');
      });
      client.on('error', () => undefined);
      client.on('close', () => resolve());
    });
    client.write(
      `CONNECT ${origin} HTTP/1.1\r\nHost: ${origin}\r\nProxy-Authorization: ${basicAuth(pkg.login, pkg.password)}\r\n\r\n` +
        `GET /slow/${32 * 1024 * 1024} HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n`,
    );
    await closed;
    await gateway.exited;
    expect(await usageOf(database.db, pkg.id)).toEqual({ up: 0, down: 0 });

    // Its journal is taken over, and written at the latest at the next one's stop.
    const next = await startProcess({ DATA_DIR: dataDir });
    next.child.kill('SIGTERM');
    const [code] = await next.exited;
    expect(code).toBe(0);
    const relayed = received - answer.length;
    const billed = (await usageOf(database.db, pkg.id)).down;
    expect(relayed).toBeGreaterThan(2 * 1024 * 1024);
    expect(Math.abs(billed - relayed)).toBeLessThanOrEqual(64 * 1024);
  });

  it('logs the Node it runs on at its start: the runtime the repository carries, 24 or newer', async () => {
    const gateway = await startProcess({ LOG_LEVEL: 'info' });
    gateway.child.kill('SIGTERM');
    await gateway.exited;
    expect(Number(/"node":"v(\d+)\./.exec(gateway.output())?.[1])).toBeGreaterThanOrEqual(24);
  });

  it("with GATEWAY_WORKERS=2 the workers share the listeners of ISP packages' addresses, opened and closed live", async () => {
    const gateway = await startProcess({ GATEWAY_WORKERS: '2' });
    try {
      const address = '127.0.3.1';
      const pkg = await createPackage(database.db, {
        type: 'isp',
        ips: JSON.stringify([address]),
      });
      await waitFor(() => canConnect(address, gateway.httpPort));
      // Whichever worker takes a connection, it leaves from the address it arrived on.
      for (let i = 0; i < 6; i += 1) {
        const answer = await proxyGet(gateway.httpPort, `http://127.0.0.1:${shared.origin.port}/`, {
          host: address,
          auth: basicAuth(pkg.login, pkg.password),
        });
        expect(peerOf(answer)).toBe(address);
      }
      // Once both workers let go of it, the shared socket closes.
      await database.db.deleteFrom('packages').where('id', '=', pkg.id).execute();
      await waitFor(async () => !(await canConnect(address, gateway.httpPort)), 2_000);
    } finally {
      gateway.child.kill('SIGTERM');
    }
    const [code] = await gateway.exited;
    expect(code).toBe(0);
  });
});
