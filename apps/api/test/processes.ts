import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findFreePort, type DbRoot } from '@proxy/db';
import { inject } from 'vitest';
import { REPO_ROOT } from '../src/config/env.ts';
import { openScratchDatabase, TEST_DATA_ENCRYPTION_KEY } from './helpers.ts';

export const waitForHealth = async (base: string, timeoutMs = 30_000) => {
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

/**
 * Starts `apps/api/src/server.ts` as its own process (production mode, a fresh DATA_DIR under
 * data/) on the run's test database, with a secret, the shared encryption key and a pg-boss
 * schema of its own; `env` on top. Does not wait for it to be healthy.
 */
export const spawnServer = async (env: Record<string, string | undefined> = {}) => {
  const port = await findFreePort();
  mkdirSync(path.join(REPO_ROOT, 'data'), { recursive: true });
  const dataDir = mkdtempSync(path.join(REPO_ROOT, 'data', 'server-test-'));
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/api/src/server.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: inject('databaseUrl'),
      APP_SECRET: 'server-test-secret-server-test-secret-0123',
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      JOBS_SCHEMA: `pgboss_srv_${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    /** Everything the process wrote to stdout so far (its log and the start-up box). */
    stdout: () => output,
    /** Everything the process wrote to stderr so far. */
    stderr: () => errors,
    /** Ends the process if it still runs (SIGTERM, or SIGKILL to crash it), then removes DATA_DIR. */
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill(signal);
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** A server process spawnServer started: its address, its DATA_DIR, its output, its stop. */
export type ServerProcess = Awaited<ReturnType<typeof spawnServer>>;

/** POST of a JSON body to a server process. */
export const postJson = (
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/**
 * `npm start` with its gateway on a scratch database of its own, named after `setup.database`
 * (the server's sweeps take every package they find, and other test files buy in the shared
 * one), and a local HTTP origin for proxied requests to reach: free proxy ports, private
 * destinations allowed (the origin is local), jobs polled twice a second, `env(originPort)` on
 * top. Runs `test` once the server is healthy (`db` is the server's database), then stops the
 * server and the origin and drops the database.
 */
export const withServerAndOrigin = async (
  setup: {
    database: string;
    origin: http.RequestListener;
    env?: (originPort: number) => Record<string, string>;
  },
  test: (server: ServerProcess, originPort: number, db: DbRoot) => Promise<void>,
) => {
  const own = await openScratchDatabase(setup.database);
  const origin = http.createServer(setup.origin);
  try {
    origin.listen(0, '127.0.0.1');
    await once(origin, 'listening');
    const originPort = (origin.address() as AddressInfo).port;
    const server = await spawnServer({
      DATABASE_URL: own.scratch.url,
      START_GATEWAY: 'true',
      GATEWAY_HTTP_PORT: String(await findFreePort()),
      GATEWAY_SOCKS_PORT: String(await findFreePort()),
      GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
      JOBS_POLL_SECONDS: '0.5',
      ...setup.env?.(originPort),
    });
    try {
      await waitForHealth(server.base, 60_000).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server.stderr()}`);
      });
      await test(server, originPort, own.database.db);
    } finally {
      await server.stop();
    }
  } finally {
    origin.close();
    await own.close();
  }
};
