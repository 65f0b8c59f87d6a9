import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSecret, SECRET_PURPOSES } from '@proxy/db';
import { packageRow } from '../../../packages/db/test/package-row.ts';
import { listenApplicationName } from '../src/sync.ts';
import {
  addPackage,
  addSubUser,
  basicAuth,
  createPackage,
  createSubUser,
  exchange,
  peerOf,
  proxyGet,
  socksDownload,
  socksTunnel,
  startHttpOrigin,
  startTestGateway,
  subUserUsageOf,
  TEST_DATA_KEY,
  updateSubUser,
  usageOf,
  useDatabaseAndOrigin,
  useGatewayWithOwnExits,
  waitFor,
  withGateway,
  type Origin,
  type TestGateway,
} from './helpers.ts';

const MB = 1024 * 1024;
const HOUR_MS = 3_600_000;

type Login = { login: string; password: string };

/** A CONNECT tunnel with a request right behind it; the raw answer (the origin closes after). */
const connectExchange = (gateway: TestGateway, auth: string, origin: Origin) =>
  exchange(
    gateway.httpPort,
    `CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nHost: 127.0.0.1:${origin.port}\r\n` +
      `Proxy-Authorization: ${auth}\r\n\r\n` +
      'GET /echo HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n',
  );

/** When the socket closes (now, if it already has). */
const closeOf = (socket: net.Socket) =>
  new Promise<number>((resolve) => {
    socket.on('error', () => undefined);
    if (socket.destroyed) resolve(Date.now());
    socket.once('close', () => resolve(Date.now()));
  });

/** A slow plain-HTTP download through the proxy, its client socket once the answer began. */
const slowForward = (gateway: TestGateway, login: Login, origin: Origin) =>
  new Promise<net.Socket>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: gateway.httpPort,
          path: `http://127.0.0.1:${origin.port}/slow/${200 * MB}`,
          agent: false,
          headers: { 'Proxy-Authorization': basicAuth(login.login, login.password) },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('error', () => undefined);
          if (res.statusCode === 200) resolve(res.socket);
          else reject(new Error(`status ${res.statusCode}`));
        },
      )
      .on('error', reject);
  });

/** A kept-alive client connection to the proxy, idle after one request of `login`'s. */
const idleKeepAlive = (gateway: TestGateway, login: Login, origin: Origin) =>
  new Promise<net.Socket>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: gateway.httpPort,
          path: `http://127.0.0.1:${origin.port}/echo`,
          agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
          headers: { 'Proxy-Authorization': basicAuth(login.login, login.password) },
        },
        (res) => {
          const { socket } = res;
          res.resume();
          res.on('end', () => resolve(socket));
        },
      )
      .on('error', reject);
  });

/** A SOCKS5 tunnel downloading slowly from the origin (running when the test cuts it). */
const slowTunnel = async (gateway: TestGateway, login: Login, origin: Origin) => {
  const socket = await socksTunnel(gateway, login, { host: '127.0.0.1', port: origin.port });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    socket.once('data', () => resolve());
    socket.write(`GET /slow/${200 * MB} HTTP/1.1\r\nHost: o\r\n\r\n`);
  });
  return socket;
};

/** Whether a tunnel still carries bytes: it is receiving the slow download. */
const isFlowing = (socket: net.Socket) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed) {
      resolve(false);
      return;
    }
    socket.once('data', () => resolve(true));
    socket.once('close', () => resolve(false));
  });

const EXIT_DE = '127.0.0.21';

describe('sub-user logins', () => {
  const own = useGatewayWithOwnExits('gateway_sub_users_test', () => [
    { name: 'sub-de', kind: 'direct', country: 'DE', city: 'berlin', local_address: EXIT_DE },
  ]);
  let origin: Origin;
  beforeAll(async () => {
    origin = await startHttpOrigin();
  });
  afterAll(() => origin.close());
  const setup = async () => {
    const pkg = await addPackage(own.gateway, { type: 'dynamic', traffic_limit_bytes: 100 * MB });
    return { pkg, subUser: await addSubUser(own.gateway, pkg.id) };
  };

  it('carry HTTP, CONNECT and SOCKS5, also with a session or a country suffix', async () => {
    const { pkg, subUser } = await setup();
    const url = `http://127.0.0.1:${origin.port}/echo`;
    const auth = basicAuth(subUser.login, subUser.password);
    const forwarded = await proxyGet(own.gateway.httpPort, url, { auth });
    expect(forwarded.status).toBe(200);
    const tunnelled = await connectExchange(own.gateway, auth, origin);
    expect(tunnelled.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(tunnelled.text).toContain('"method":"GET"');
    const viaSocks = await socksDownload(own.gateway, subUser, origin, 5_000);
    expect(viaSocks).toBeGreaterThan(5_000);

    // A country the exits serve: the answer came through the DE exit.
    const inDe = basicAuth(`${subUser.login}_c_de`, subUser.password);
    expect(peerOf(await proxyGet(own.gateway.httpPort, url, { auth: inDe }))).toBe(EXIT_DE);
    const deTunnel = await connectExchange(own.gateway, inDe, origin);
    expect(deTunnel.text).toContain(`"peer":"${EXIT_DE}"`);
    const socksDe = await socksDownload(
      own.gateway,
      { login: `${subUser.login}_c_de_s_abc_ttl_10m`, password: subUser.password },
      origin,
      1_000,
    );
    expect(socksDe).toBeGreaterThan(1_000);
    // A session keeps its exit, as on the package's own login.
    const session = basicAuth(`${subUser.login}_s_abc`, subUser.password);
    const peers = new Set<string>();
    for (let i = 0; i < 4; i += 1)
      peers.add(peerOf(await proxyGet(own.gateway.httpPort, url, { auth: session })));
    expect(peers.size).toBe(1);
    // Sessions are the login's own: the package's `_s_xyz` and then the sub-user's are two new
    // sessions (the exits in turn), not one.
    const sessionPeer = async (login: string, password: string) =>
      peerOf(await proxyGet(own.gateway.httpPort, url, { auth: basicAuth(login, password) }));
    const packagePeer = await sessionPeer(`${pkg.login}_s_xyz`, pkg.password);
    expect(await sessionPeer(`${subUser.login}_s_xyz`, subUser.password)).not.toBe(packagePeer);
    expect(await sessionPeer(`${pkg.login}_s_xyz`, pkg.password)).toBe(packagePeer);
    // A country no exit serves is refused like the package's own login's.
    const nowhere = await proxyGet(own.gateway.httpPort, url, {
      auth: basicAuth(`${subUser.login}_c_jp`, subUser.password),
    });
    expect(nowhere.status).toBe(
      (
        await proxyGet(own.gateway.httpPort, url, {
          auth: basicAuth(`${pkg.login}_c_jp`, pkg.password),
        })
      ).status,
    );
    expect(nowhere.status).not.toBe(200);
  });

  it('refuses a wrong password and a disabled, deleted or expired sub-user (407, SOCKS auth failure)', async () => {
    const { pkg, subUser } = await setup();
    const { db } = own.gateway.database;
    const disabled = await createSubUser(db, pkg.id, { enabled: false });
    const deleted = await createSubUser(db, pkg.id, { deleted_at: new Date() });
    const expired = await createSubUser(db, pkg.id, { expires_at: new Date(Date.now() - 1_000) });
    // A live one added after them: once the gateway has it, it has read the others too.
    await addSubUser(own.gateway, pkg.id);
    const refused: Login[] = [
      { login: subUser.login, password: `${subUser.password}x` },
      { login: subUser.login, password: pkg.password },
      disabled,
      deleted,
      expired,
    ];
    const url = `http://127.0.0.1:${origin.port}/echo`;
    for (const login of refused) {
      const auth = basicAuth(login.login, login.password);
      expect((await proxyGet(own.gateway.httpPort, url, { auth })).status).toBe(407);
      expect((await connectExchange(own.gateway, auth, origin)).text).toMatch(/^HTTP\/1\.1 407 /);
      await expect(socksDownload(own.gateway, login, origin, 100)).rejects.toThrow(
        /Authentication failed/,
      );
    }
  });

  it('a sub-user of a package that is not a traffic package is not served', async () => {
    const pkg = await addPackage(own.gateway, { type: 'unlim' });
    const subUser = await createSubUser(own.gateway.database.db, pkg.id);
    // A sub-user of a traffic package added after it: the gateway has read both by then.
    const { subUser: other } = await setup();
    expect(own.gateway.subUsers.byId(other.id)).toBeDefined();
    expect(own.gateway.subUsers.byId(subUser.id)).toBeUndefined();
    const auth = basicAuth(subUser.login, subUser.password);
    const url = `http://127.0.0.1:${origin.port}/echo`;
    expect((await proxyGet(own.gateway.httpPort, url, { auth })).status).toBe(407);
  });
});

describe('sub-user traffic limits', () => {
  const shared = useDatabaseAndOrigin();
  const { database } = shared;

  const downloads = (gateway: TestGateway, logins: Login[], size: number) =>
    Promise.all(
      Array.from({ length: 32 }, (_, index) =>
        socksDownload(gateway, logins[index % logins.length] as Login, shared.origin, size).catch(
          () => 0,
        ),
      ),
    ).then((received) => received.reduce((sum, bytes) => sum + bytes, 0));

  it("32 parallel downloads stop at the sub-user's limit (+1 MB at most); the package stays active; a raised limit works again", async () => {
    await withGateway({}, async (gateway) => {
      const limit = 8 * MB;
      const pkg = await addPackage(gateway, { type: 'vip', traffic_limit_bytes: 200 * MB });
      const subUser = await addSubUser(gateway, pkg.id, { traffic_limit_bytes: limit });
      const total = await downloads(gateway, [subUser], MB);
      expect(total).toBeLessThanOrEqual(limit + MB);
      expect(total).toBeGreaterThan(limit - 2 * MB);
      // Refused as a package whose quota is spent, and the package is not marked empty.
      const url = `http://127.0.0.1:${shared.origin.port}/bytes/1000`;
      const refused = await proxyGet(gateway.httpPort, url, {
        auth: basicAuth(subUser.login, subUser.password),
      });
      expect(refused.status).toBe(403);
      expect(refused.headers['x-proxy-error']).toBe('quota_exhausted');
      await expect(socksDownload(gateway, subUser, shared.origin, 1000)).rejects.toThrow(
        /NotAllowed/,
      );
      expect((await packageRow(database.db, pkg.id)).status).toBe('active');
      const own = await proxyGet(gateway.httpPort, url, {
        auth: basicAuth(pkg.login, pkg.password),
      });
      expect(own.status).toBe(200);
      await gateway.flushUsage();
      const used = await subUserUsageOf(database.db, subUser.id);
      expect(used.up + used.down).toBeLessThanOrEqual(limit + MB);

      // A raised limit (announced) lets it in again.
      await updateSubUser(database.db, subUser.id, { traffic_limit_bytes: 2 * limit });
      await waitFor(async () => {
        const answer = await proxyGet(gateway.httpPort, url, {
          auth: basicAuth(subUser.login, subUser.password),
        });
        return answer.status === 200 && answer.body.length === 1000;
      });
    });
  });

  it("a package quota smaller than the sub-user's limit holds (+1 MB at most), for limited and unlimited sub-users alike", async () => {
    await withGateway({}, async (gateway) => {
      const quota = 8 * MB;
      const pkg = await addPackage(gateway, { type: 'dynamic', traffic_limit_bytes: quota });
      const limited = await addSubUser(gateway, pkg.id, { traffic_limit_bytes: 64 * MB });
      const unlimited = await addSubUser(gateway, pkg.id);
      const total = await downloads(gateway, [limited, unlimited], MB);
      expect(total).toBeLessThanOrEqual(quota + MB);
      expect(total).toBeGreaterThan(quota - 2 * MB);
      await waitFor(async () => (await packageRow(database.db, pkg.id)).status === 'empty');
      await gateway.flushUsage();
      const used = await usageOf(database.db, pkg.id);
      expect(used.up + used.down).toBeLessThanOrEqual(quota + MB);
    });
  });
});

describe('sub-user cuts', () => {
  const shared = useDatabaseAndOrigin();
  const { database } = shared;

  /** A package, two sub-users, and a running download of each and of the package's own login. */
  const running = async (gateway: TestGateway) => {
    const pkg = await addPackage(gateway, { type: 'vip', traffic_limit_bytes: 10_000 * MB });
    const target = await addSubUser(gateway, pkg.id);
    const other = await addSubUser(gateway, pkg.id, { traffic_limit_bytes: 10_000 * MB });
    const [targetTunnel, targetForward, targetIdle, otherTunnel, otherIdle, ownTunnel] =
      await Promise.all([
        slowTunnel(gateway, target, shared.origin),
        slowForward(gateway, target, shared.origin),
        idleKeepAlive(gateway, target, shared.origin),
        slowTunnel(gateway, other, shared.origin),
        idleKeepAlive(gateway, other, shared.origin),
        slowTunnel(gateway, pkg, shared.origin),
      ]);
    const closes = [closeOf(targetTunnel), closeOf(targetForward), closeOf(targetIdle)];
    return {
      pkg,
      target,
      other,
      closes,
      targets: [targetTunnel, targetForward],
      survivors: [otherTunnel, ownTunnel],
      otherIdle,
    };
  };

  const expectCutWithin2s = async (
    gateway: TestGateway,
    change: (ctx: Awaited<ReturnType<typeof running>>) => Promise<unknown>,
  ) => {
    const ctx = await running(gateway);
    const committed = Date.now();
    await change(ctx);
    for (const closedAt of await Promise.all(ctx.closes))
      expect(closedAt - committed).toBeLessThan(2_000);
    return ctx;
  };

  const expectSurvivors = async (survivors: net.Socket[]) => {
    for (const socket of survivors) {
      expect(await isFlowing(socket)).toBe(true);
      socket.destroy();
    }
  };

  /** Another sub-user's idle keep-alive connection is still open (and is let go now). */
  const expectIdleOpen = (socket: net.Socket) => {
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  };

  it('switching a sub-user off closes its tunnel, download and idle keep-alive connection within 2 s; the others go on', async () => {
    await withGateway({}, async (gateway) => {
      const ctx = await expectCutWithin2s(gateway, ({ target }) =>
        updateSubUser(database.db, target.id, { enabled: false }),
      );
      await expectSurvivors(ctx.survivors);
      expectIdleOpen(ctx.otherIdle);
      await expect(socksDownload(gateway, ctx.target, shared.origin, 100)).rejects.toThrow(
        /Authentication failed/,
      );
    });
  });

  it('deleting a sub-user closes its tunnel and download within 2 s; the others go on', async () => {
    await withGateway({}, async (gateway) => {
      const ctx = await expectCutWithin2s(gateway, ({ target }) =>
        updateSubUser(database.db, target.id, { deleted_at: new Date() }),
      );
      await expectSurvivors(ctx.survivors);
      expectIdleOpen(ctx.otherIdle);
    });
  });

  it('a new password closes its connections within 2 s; the new password works, the old does not', async () => {
    await withGateway({}, async (gateway) => {
      const password = 'AnotherPassword987';
      const ctx = await expectCutWithin2s(gateway, ({ target }) =>
        updateSubUser(database.db, target.id, {
          password_encrypted: sealSecret(TEST_DATA_KEY, password, SECRET_PURPOSES.subUserPassword),
        }),
      );
      await expectSurvivors(ctx.survivors);
      expectIdleOpen(ctx.otherIdle);
      await expect(socksDownload(gateway, ctx.target, shared.origin, 100)).rejects.toThrow(
        /Authentication failed/,
      );
      expect(
        await socksDownload(gateway, { ...ctx.target, password }, shared.origin, 100),
      ).toBeGreaterThan(100);
    });
  });

  it('an expiring sub-user loses its connections within 2 s of its expiry; the others go on', async () => {
    await withGateway({}, async (gateway) => {
      const ctx = await running(gateway);
      const expiresAt = Date.now() + 1_000;
      await updateSubUser(database.db, ctx.target.id, { expires_at: new Date(expiresAt) });
      for (const closedAt of await Promise.all(ctx.closes)) {
        expect(closedAt).toBeGreaterThanOrEqual(expiresAt);
        expect(closedAt - expiresAt).toBeLessThan(2_000);
      }
      await expectSurvivors(ctx.survivors);
      expectIdleOpen(ctx.otherIdle);
    });
  });

  it("a new password of the package closes the package's own tunnel, not its sub-users'", async () => {
    await withGateway({}, async (gateway) => {
      const ctx = await running(gateway);
      const [otherTunnel, ownTunnel] = ctx.survivors as [net.Socket, net.Socket];
      const ownClosed = closeOf(ownTunnel);
      const committed = Date.now();
      await database.db
        .updateTable('packages')
        .set({
          password_encrypted: sealSecret(
            TEST_DATA_KEY,
            'PackagePassword42',
            SECRET_PURPOSES.packagePassword,
          ),
        })
        .where('id', '=', ctx.pkg.id)
        .execute();
      expect((await ownClosed) - committed).toBeLessThan(2_000);
      await expectSurvivors([...ctx.targets, otherTunnel]);
    });
  });

  it('a sub-user switched off while LISTEN is down is cut by the full re-read after reconnecting', async () => {
    const instanceId = `sub-live-${randomBytes(4).toString('hex')}`;
    const overrides = {
      GATEWAY_INSTANCE_ID: instanceId,
      GATEWAY_HEARTBEAT_MS: '300',
      GATEWAY_POLL_INTERVAL_MS: '300',
    };
    await withGateway(overrides, async (gateway) => {
      const ctx = await running(gateway);
      // Its LISTEN connection killed, the gateway hears of no change until it reads everything.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = ${listenApplicationName(instanceId)}`.execute(database.db);
      const committed = Date.now();
      await updateSubUser(database.db, ctx.target.id, { enabled: false });
      for (const closedAt of await Promise.all(ctx.closes))
        expect(closedAt - committed).toBeLessThan(2_000);
      expect(gateway.subUsers.byId(ctx.target.id)).toBeUndefined();
      await expectSurvivors(ctx.survivors);
      expectIdleOpen(ctx.otherIdle);
    });
  });

  it("a package gone inactive takes its sub-users' connections, and brings them back when active again", async () => {
    await withGateway({}, async (gateway) => {
      const ctx = await expectCutWithin2s(gateway, ({ pkg }) =>
        database.db
          .updateTable('packages')
          .set({ status: 'inactive' })
          .where('id', '=', pkg.id)
          .execute(),
      );
      for (const socket of ctx.survivors) expect(await isFlowing(socket)).toBe(false);
      await waitFor(() => gateway.subUsers.byId(ctx.target.id) === undefined);
      await database.db
        .updateTable('packages')
        .set({ status: 'active' })
        .where('id', '=', ctx.pkg.id)
        .execute();
      await waitFor(() => gateway.subUsers.byId(ctx.target.id) !== undefined);
      expect(await socksDownload(gateway, ctx.target, shared.origin, 100)).toBeGreaterThan(100);
    });
  });
});

describe('sub-user metering', () => {
  const shared = useDatabaseAndOrigin();
  const { database } = shared;

  it("counts each sub-user's bytes to it and all of them to the package", async () => {
    await withGateway({}, async (gateway) => {
      const pkg = await addPackage(gateway, { type: 'dynamic', traffic_limit_bytes: 100 * MB });
      const first = await addSubUser(gateway, pkg.id, { traffic_limit_bytes: 50 * MB });
      const second = await addSubUser(gateway, pkg.id);
      const relayed = new Map<string, { up: number; down: number }>();
      for (const [name, login, size] of [
        ['first', first, 300_000],
        ['second', second, 120_000],
        ['own', pkg, 50_000],
        ['first', first, 10_000],
      ] as const) {
        const read = shared.origin.bytesRead();
        const written = shared.origin.bytesWritten();
        await socksDownload(gateway, login, shared.origin, size);
        await waitFor(() => gateway.registry.count(pkg.id) === 0);
        const sum = relayed.get(name) ?? { up: 0, down: 0 };
        sum.up += shared.origin.bytesRead() - read;
        sum.down += shared.origin.bytesWritten() - written;
        relayed.set(name, sum);
      }
      await gateway.flushUsage();
      expect(await subUserUsageOf(database.db, first.id)).toEqual(relayed.get('first'));
      expect(await subUserUsageOf(database.db, second.id)).toEqual(relayed.get('second'));
      const all = [...relayed.values()].reduce((sum, part) => ({
        up: sum.up + part.up,
        down: sum.down + part.down,
      }));
      expect(await usageOf(database.db, pkg.id)).toEqual(all);
    });
  });

  it('replays a journal left by a crash once, with its sub-user split, and an old-format journal too', async () => {
    const pkg = await createPackage(database.db, { type: 'vip', traffic_limit_bytes: 100 * MB });
    const subUser = await createSubUser(database.db, pkg.id);
    const dir = mkdtempSync(path.join(tmpdir(), 'sub-user-journal-'));
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const tag = randomBytes(4).toString('hex');
    // A pid no process has any more: the journal's writer crashed.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const journal = [
      { journal: 1, pid: deadPid, instance: `dead-${tag}` },
      // Written since sub-users: the package's own bytes, and a sub-user's (fourth element).
      {
        b: `dead-${tag}:1:1`,
        h: hour,
        d: [
          [pkg.id, 10, 100],
          [pkg.id, 20, 200, subUser.id],
        ],
      },
      // Notes of an interval never collected: summed per sub-user.
      { n: `dead-${tag}:2:2`, h: hour, d: [[pkg.id, 1, 2, subUser.id]] },
      { n: `dead-${tag}:2:2`, h: hour, d: [[pkg.id, 3, 4, subUser.id]] },
      // Written before sub-users: three elements, the package's own.
      { b: `dead-${tag}:3:3`, h: hour, d: [[pkg.id, 1000, 5000]] },
    ];
    const text = `${journal.map((line) => JSON.stringify(line)).join('\n')}\n`;
    const file = path.join(dir, `dead-${tag}.journal`);
    const replay = async () => {
      writeFileSync(file, text);
      const gateway = await startTestGateway({ GATEWAY_JOURNAL_DIR: dir });
      await gateway.flushUsage();
      await gateway.close();
    };
    await replay();
    const expected = {
      pkg: { up: 10 + 20 + 1 + 3 + 1000, down: 100 + 200 + 2 + 4 + 5000 },
      subUser: { up: 20 + 1 + 3, down: 200 + 2 + 4 },
    };
    expect(await usageOf(database.db, pkg.id)).toEqual(expected.pkg);
    expect(await subUserUsageOf(database.db, subUser.id)).toEqual(expected.subUser);
    // The same journal found again (another instance had taken it over too): nothing twice.
    await replay();
    expect(await usageOf(database.db, pkg.id)).toEqual(expected.pkg);
    expect(await subUserUsageOf(database.db, subUser.id)).toEqual(expected.subUser);
  });
});
