import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  migrate,
  startEmbeddedPostgres,
  type DatabaseHandle,
  type EmbeddedHandle,
} from '@proxy/db';
import { REPO_ROOT } from '../src/config/env.ts';
import {
  addPackage,
  addSubUser,
  basicAuth,
  exchange,
  proxyGet,
  socksTunnel,
  startHttpOrigin,
  startTestGateway,
  usageOf,
  waitFor,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

const MB = 1024 * 1024;
const DOWNLOAD = 8 * MB;

/**
 * A PostgreSQL of this file's own, which the tests kill (its postmaster, SIGKILL) and start
 * again on the same directory and port. Durable (not `ephemeral`): a killed server keeps what
 * it committed, as a production one does.
 */
const useKillableDatabase = () => {
  const own = {} as {
    dir: string;
    cluster: EmbeddedHandle;
    url: string;
    port: number;
    database: DatabaseHandle;
  };
  beforeAll(async () => {
    own.dir = mkdtempSync(path.join(REPO_ROOT, 'data', 'gateway-outage-'));
    own.cluster = await startEmbeddedPostgres({ dir: path.join(own.dir, 'pg') });
    own.url = own.cluster.url;
    own.port = Number(new URL(own.url).port);
    await migrate(own.url, {});
    own.database = createDatabase(own.url, 2);
  }, 120_000);
  afterAll(async () => {
    await own.database.close();
    await own.cluster.stop();
    rmSync(own.dir, { recursive: true, force: true });
  });

  const kill = () => {
    const pid = Number(
      readFileSync(path.join(own.dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    process.kill(pid, 'SIGKILL');
  };

  /** Starts the killed server again, once its backends have let go of its shared memory. */
  const start = async () => {
    own.cluster = await waitFor(
      () =>
        startEmbeddedPostgres({ dir: path.join(own.dir, 'pg'), port: own.port }).catch(
          () => undefined,
        ),
      30_000,
    );
  };

  /** Retries `write` (a flush) until the database takes it. */
  const whenBack = async (write: () => Promise<void>) => {
    await waitFor(
      () =>
        write().then(
          () => true,
          () => undefined,
        ),
      15_000,
    );
  };

  return { own, kill, start, whenBack };
};

/**
 * A download of `size` bytes at about 5 MB/s through a SOCKS5 tunnel: resolves `started` at the
 * first megabyte, `done` with the bytes received when the tunnel closes.
 */
const slowDownload = async (
  gateway: TestGateway,
  pkg: TestPackage,
  origin: Origin,
  size: number,
) => {
  const socket: net.Socket = await socksTunnel(gateway, pkg, {
    host: '127.0.0.1',
    port: origin.port,
  });
  let received = 0;
  let onStarted = () => undefined as void;
  const started = new Promise<void>((resolve) => (onStarted = resolve));
  const done = new Promise<number>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= MB) onStarted();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
  socket.write(`GET /slow/${size} HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n`);
  return { started, done };
};

// Each test kills and starts a PostgreSQL (crash recovery included): slower than a test's
// default allowance on a loaded machine.
/** What the origin has read and written from now on: what a package's tunnels carried. */
const seenFrom = (origin: Origin) => {
  const read = origin.bytesRead();
  const written = origin.bytesWritten();
  return () => ({ up: origin.bytesRead() - read, down: origin.bytesWritten() - written });
};

describe('the gateway while its database is away', { timeout: 120_000 }, () => {
  const outage = useKillableDatabase();
  let origin: Origin;
  beforeAll(async () => {
    origin = await startHttpOrigin();
  });
  afterAll(() => origin.close());

  const gatewayOn = (overrides: Record<string, string> = {}) =>
    startTestGateway({ DATABASE_URL: outage.own.url, ...overrides });

  it('a download goes on through the outage; what failed to flush is written once the database is back, once', async () => {
    const gateway = await gatewayOn();
    try {
      const pkg = await addPackage(gateway, { type: 'vip' });
      const seen = seenFrom(origin);
      const download = await slowDownload(gateway, pkg, origin, DOWNLOAD);
      await download.started;
      outage.kill();
      expect(await download.done).toBeGreaterThan(DOWNLOAD);
      await expect(gateway.flushUsage()).rejects.toThrow();
      await outage.start();
      await outage.whenBack(() => gateway.flushUsage());
      await gateway.flushUsage();
      expect(await usageOf(outage.own.database.db, pkg.id)).toEqual(seen());
    } finally {
      await gateway.close();
    }
  });

  it('the database killed during a flush: the batch is written exactly once', async () => {
    const gateway = await gatewayOn();
    try {
      const pkg = await addPackage(gateway, { type: 'vip' });
      const seen = seenFrom(origin);
      const download = await slowDownload(gateway, pkg, origin, 2 * MB);
      await download.done;
      const flushing = gateway.flushUsage().catch(() => undefined);
      outage.kill();
      await flushing;
      await outage.start();
      await outage.whenBack(() => gateway.flushUsage());
      await gateway.flushUsage();
      expect(await usageOf(outage.own.database.db, pkg.id)).toEqual(seen());
    } finally {
      await gateway.close();
    }
  });

  it('a gateway stopped while the database is away keeps the usage in its journal; the next one on the same directory writes it', async () => {
    const dataDir = mkdtempSync(path.join(REPO_ROOT, 'data', 'gateway-journal-'));
    try {
      const first = await gatewayOn({ DATA_DIR: dataDir });
      const seen = seenFrom(origin);
      let pkg: TestPackage;
      try {
        pkg = await addPackage(first, { type: 'vip' });
        const download = await slowDownload(first, pkg, origin, DOWNLOAD);
        await download.started;
        outage.kill();
        await download.done;
      } finally {
        // Its final flush fails: the database is still away.
        await first.close();
      }
      await outage.start();
      const second = await gatewayOn({ DATA_DIR: dataDir });
      await second.close();
      expect(await usageOf(outage.own.database.db, pkg.id)).toEqual(seen());
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('traffic packages (and sub-users with limits) spend their lease, then are refused at once (503, SOCKS 0x01) while unlimited ones go on; all resume by themselves', async () => {
    const gateway = await gatewayOn();
    try {
      const traffic = await addPackage(gateway, { type: 'dynamic', traffic_limit_bytes: 1e9 });
      const subUser = await addSubUser(gateway, traffic.id, { traffic_limit_bytes: 1e8 });
      const unlimited = await addPackage(gateway, { type: 'vip' });
      const url = (size: number) => `http://127.0.0.1:${origin.port}/bytes/${size}`;
      const get = (pkg: TestPackage, size: number) =>
        proxyGet(gateway.httpPort, url(size), {
          auth: basicAuth(pkg.login, pkg.password),
          // A request left hanging fails here, naming itself.
          timeoutMs: 10_000,
        });
      // The first lease is taken while the database is there.
      expect((await get(traffic, 1000)).status).toBe(200);
      expect((await get(subUser, 1000)).status).toBe(200);
      outage.kill();

      // What is leased is spent; a download longer than that is cut, not left waiting.
      expect((await get(traffic, 1000)).status).toBe(200);
      const cut = await exchange(
        gateway.httpPort,
        `GET ${url(4 * MB)} HTTP/1.1\r\nHost: o\r\nProxy-Authorization: ${basicAuth(traffic.login, traffic.password)}\r\n\r\n`,
      );
      expect(cut.bytes.length).toBeLessThan(4 * MB);

      // New connections are refused at once, with a reason.
      const refused = await get(traffic, 1000);
      expect(refused.status).toBe(503);
      expect(refused.headers['x-proxy-error']).toBe('traffic_unavailable');
      await expect(
        socksTunnel(gateway, traffic, { host: '127.0.0.1', port: origin.port }),
      ).rejects.toThrow(/rejected connection - Failure/);
      // A sub-user's own budget the same way.
      expect((await get(subUser, 1000)).status).toBe(200);
      const subUserCut = await exchange(
        gateway.httpPort,
        `GET ${url(4 * MB)} HTTP/1.1\r\nHost: o\r\nProxy-Authorization: ${basicAuth(subUser.login, subUser.password)}\r\n\r\n`,
      );
      expect(subUserCut.bytes.length).toBeLessThan(4 * MB);
      const subUserRefused = await get(subUser, 1000);
      expect(subUserRefused.status).toBe(503);
      expect(subUserRefused.headers['x-proxy-error']).toBe('traffic_unavailable');
      // Authentication and unlimited packages go on from memory.
      expect((await get(unlimited, 100_000)).status).toBe(200);

      await outage.start();
      for (const login of [traffic, subUser])
        await waitFor(
          () =>
            get(login, 1000).then(
              (answer) => (answer.status === 200 ? true : undefined),
              () => undefined,
            ),
          10_000,
        );
    } finally {
      await gateway.close();
    }
  });
});
