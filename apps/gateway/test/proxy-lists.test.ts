import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { Insertable } from 'kysely';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, ProxyLists } from '@proxy/db';
import {
  addPackage,
  basicAuth,
  curlStatusAndSize,
  exchange,
  peerOf,
  proxyGet,
  socksTunnel,
  startHttpOrigin,
  useGatewayWithOwnExits,
  usageOf,
  waitFor,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

type Answer = { status: number; body: string };

const get = proxyGet;

/** A SOCKS5 tunnel through a list port without credentials (method 0x00), from `localAddress`. */
const socksNoAuth = async (port: number, localAddress: string, origin: Origin) =>
  (
    await SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port, type: 5 },
      command: 'connect',
      destination: { host: '127.0.0.1', port: origin.port },
      timeout: 5_000,
      socket_options: { host: '127.0.0.1', port, localAddress },
    })
  ).socket;

/** The origin's answer to `GET /echo` over an open tunnel (the origin closes after it). */
const echoOver = (socket: net.Socket) =>
  new Promise<Answer>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    socket.write('GET /echo HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n');
  });

const closedWithin = (socket: net.Socket) =>
  new Promise<number>((resolve) => {
    const started = Date.now();
    socket.on('error', () => undefined);
    if (socket.destroyed) resolve(0);
    socket.once('close', () => resolve(Date.now() - started));
  });

/** `count` consecutive ports nothing listens on (tried on 127.0.0.1). */
const freePortBlock = async (count: number): Promise<number> => {
  for (;;) {
    const start = 41_000 + Math.floor(Math.random() * 18_000);
    const servers: net.Server[] = [];
    let isFree = true;
    for (let port = start; port < start + count && isFree; port += 1) {
      const server = net.createServer();
      isFree = await new Promise<boolean>((resolve) => {
        server.once('error', () => resolve(false));
        server.listen(port, '127.0.0.1', () => resolve(true));
      });
      if (isFree) servers.push(server);
    }
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    if (isFree) return start;
  }
};

const listLogin = () =>
  randomBytes(30)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 20);

/** The exits of this file's database: direct, from their own 127.x address, so the origin names them. */
const EXIT_ADDRESSES = {
  'de-berlin': '127.0.0.11',
  'de-munich': '127.0.0.12',
  'fr-paris': '127.0.0.13',
  'us-any': '127.0.0.14',
} as const;

const ALLOWED = '127.0.0.5';
const STRANGER = '127.0.0.6';

/**
 * Exits are global to a database: this file's gateway gets a database of its own, so the
 * country-tagged exits here never carry the other files' untargeted traffic.
 */
describe('proxy lists through the gateway', () => {
  const own = useGatewayWithOwnExits(
    'gateway_lists_test',
    () => [
      {
        name: 'de-berlin',
        kind: 'direct',
        country: 'DE',
        city: 'berlin',
        region: 'berlin',
        isp: 'Telekom',
        local_address: EXIT_ADDRESSES['de-berlin'],
      },
      {
        name: 'de-munich',
        kind: 'direct',
        country: 'DE',
        city: 'munich',
        region: 'bavaria',
        isp: 'Vodafone',
        local_address: EXIT_ADDRESSES['de-munich'],
      },
      {
        name: 'fr-paris',
        kind: 'direct',
        country: 'FR',
        city: 'paris',
        local_address: EXIT_ADDRESSES['fr-paris'],
      },
      { name: 'us-any', kind: 'direct', country: 'US', local_address: EXIT_ADDRESSES['us-any'] },
    ],
    { GATEWAY_HANDSHAKE_TIMEOUT_MS: '1000' },
  );
  let database: DatabaseHandle;
  let gateway: TestGateway;
  let origin: Origin;
  let pkg: TestPackage;

  beforeAll(async () => {
    ({ database, gateway } = own);
    origin = await startHttpOrigin();
    pkg = await addPackage(gateway, { type: 'dynamic', traffic_limit_bytes: 1_000_000_000 });
  });
  afterAll(() => origin.close());

  /** A list of `pkg` (a login list unless a port block is given), known to the gateway. */
  const addList = async (values: Partial<Insertable<ProxyLists>> = {}) => {
    const isWhitelist = values.auth_type === 1;
    const row = await database.db
      .insertInto('proxy_lists')
      .values({
        package_id: pkg.id,
        name: 'list',
        auth_type: 0,
        login: isWhitelist ? null : listLogin(),
        location_preset: 'europe',
        rotation_period: 600,
        proxy_link_format: 'ip',
        proxy_format: 0,
        ports_count: 3,
        ...values,
      })
      .returning(['id', 'login', 'port_start', 'ports_count'])
      .executeTakeFirstOrThrow();
    await waitFor(() => gateway.lists.byId(row.id) !== undefined);
    if (row.port_start !== null)
      await waitFor(() => gateway.listPorts.isListening(row.port_start as number));
    return { ...row, login: row.login ?? '' };
  };

  const whitelistList = async (values: Partial<Insertable<ProxyLists>> = {}) => {
    const portsCount = values.ports_count ?? 2;
    return addList({
      auth_type: 1,
      white_list: [ALLOWED],
      port_start: await freePortBlock(portsCount),
      ports_count: portsCount,
      location_preset: 'world-mix',
      ...values,
    });
  };

  const deleteList = (id: number) =>
    database.db.deleteFrom('proxy_lists').where('id', '=', id).execute();

  const url = () => `http://127.0.0.1:${origin.port}/echo`;
  const lineAuth = (login: string, line: number | null) =>
    basicAuth(line === null ? login : `${login}_s_${line}`, pkg.password);
  const viaLine = (login: string, line: number | null) =>
    get(gateway.httpPort, url(), { auth: lineAuth(login, line) });

  it('a login list line works over HTTP, CONNECT and SOCKS5, within its location, metered to the package', async () => {
    const list = await addList();
    await gateway.flushUsage();
    const usageBefore = await usageOf(database.db, pkg.id);
    const readBefore = origin.bytesRead();
    const writtenBefore = origin.bytesWritten();

    const plain = await viaLine(list.login, 1);
    expect(plain.status).toBe(200);
    const europe = [
      EXIT_ADDRESSES['de-berlin'],
      EXIT_ADDRESSES['de-munich'],
      EXIT_ADDRESSES['fr-paris'],
    ];
    expect(europe).toContain(peerOf(plain));
    const tunnelled = await curlStatusAndSize(
      [
        '-p',
        '-x',
        `http://127.0.0.1:${gateway.httpPort}`,
        '-U',
        `${list.login}_s_2:${pkg.password}`,
      ],
      `http://127.0.0.1:${origin.port}/bytes/4096`,
    );
    expect(tunnelled).toBe('200 4096');
    const socks = await socksTunnel(
      gateway,
      { login: `${list.login}_s_3`, password: pkg.password },
      { host: '127.0.0.1', port: origin.port },
    );
    expect(europe).toContain(peerOf(await echoOver(socks)));

    await waitFor(() => gateway.registry.count(pkg.id) === 0);
    await gateway.flushUsage();
    const usage = await usageOf(database.db, pkg.id);
    // Tunnels count exactly what the origin saw; the plain request within its hop-by-hop
    // headers (the gateway does not pass Connection and Keep-Alive on).
    const originUp = origin.bytesRead() - readBefore;
    const originDown = origin.bytesWritten() - writtenBefore;
    expect(usage.down - usageBefore.down).toBeGreaterThan(4096);
    expect(Math.abs(usage.down - usageBefore.down - originDown)).toBeLessThan(100);
    expect(Math.abs(usage.up - usageBefore.up - originUp)).toBeLessThan(100);
  });

  it('rotation: a sticky line keeps its exit, lines differ, a rotation-0 list takes exits in turn', async () => {
    const sticky = await addList({ rotation_period: -1, location_preset: 'world-mix' });
    const first = peerOf(await viaLine(sticky.login, 1));
    for (let i = 0; i < 3; i += 1) expect(peerOf(await viaLine(sticky.login, 1))).toBe(first);
    const lines = new Set<string>();
    for (const line of [1, 2, 3]) lines.add(peerOf(await viaLine(sticky.login, line)));
    expect(lines.size).toBeGreaterThan(1);

    const ttl = await addList({ rotation_period: 600, location_preset: 'world-mix' });
    const kept = peerOf(await viaLine(ttl.login, 2));
    expect(peerOf(await viaLine(ttl.login, 2))).toBe(kept);

    const rotating = await addList({ rotation_period: 0, location_preset: 'world-mix' });
    const seen = new Set<string>();
    for (let i = 0; i < 4; i += 1) seen.add(peerOf(await viaLine(rotating.login, null)));
    expect(seen.size).toBe(4);

    // A custom location narrows to the exits that declare it.
    const bavaria = await addList({
      location_preset: 'custom',
      countries: ['DE'],
      region: 'bavaria',
    });
    expect(peerOf(await viaLine(bavaria.login, 1))).toBe(EXIT_ADDRESSES['de-munich']);
    const telekom = await addList({ location_preset: 'custom', countries: ['DE'], isp: 'Telekom' });
    expect(peerOf(await viaLine(telekom.login, 3))).toBe(EXIT_ADDRESSES['de-berlin']);
    const nowhere = await addList({ location_preset: 'asia' });
    const refused = await viaLine(nowhere.login, 1);
    expect(refused.status).toBe(502);
    expect(refused.body).toContain('asia');
  });

  it('a whitelisted list port admits a listed address on HTTP and SOCKS5 alike, and refuses another', async () => {
    const list = await whitelistList({ rotation_period: -1 });
    const port = list.port_start as number;
    await gateway.flushUsage();
    const before = await usageOf(database.db, pkg.id);

    const first = await get(port, url(), { localAddress: ALLOWED });
    expect(first.status).toBe(200);
    // The port is one sticky session, whatever the protocol.
    expect(peerOf(await get(port, url(), { localAddress: ALLOWED }))).toBe(peerOf(first));
    const socks = await socksNoAuth(port, ALLOWED, origin);
    expect(peerOf(await echoOver(socks))).toBe(peerOf(first));
    expect(
      await curlStatusAndSize(
        ['--interface', ALLOWED, '--socks5-hostname', `127.0.0.1:${port + 1}`],
        `http://127.0.0.1:${origin.port}/bytes/1000`,
      ),
    ).toBe('200 1000');
    expect(
      await curlStatusAndSize(
        ['--interface', ALLOWED, '-p', '-x', `http://127.0.0.1:${port + 1}`],
        `http://127.0.0.1:${origin.port}/bytes/1000`,
      ),
    ).toBe('200 1000');
    await waitFor(() => gateway.registry.count(pkg.id) === 0);
    await gateway.flushUsage();
    const after = await usageOf(database.db, pkg.id);
    expect(after.down - before.down).toBeGreaterThan(2000);

    // Another address: 407 on HTTP (credentials do not help), "no acceptable method" on SOCKS5.
    const stranger = await get(port, url(), { localAddress: STRANGER });
    expect(stranger.status).toBe(407);
    const withCredentials = await get(port, url(), {
      localAddress: STRANGER,
      auth: basicAuth(pkg.login, pkg.password),
    });
    expect(withCredentials.status).toBe(407);
    const socksAnswer = await exchange(port, Buffer.from([0x05, 0x02, 0x00, 0x02]), {
      localAddress: STRANGER,
    });
    expect([...socksAnswer.bytes]).toEqual([0x05, 0xff]);
    // The listed address offering only username/password is not let in either.
    const userPassOnly = await exchange(port, Buffer.from([0x05, 0x01, 0x02]), {
      localAddress: ALLOWED,
    });
    expect([...userPassOnly.bytes]).toEqual([0x05, 0xff]);
    await gateway.flushUsage();
    expect(await usageOf(database.db, pkg.id)).toEqual(after);
  });

  it('lists created while the gateway runs are served; deleted ones are cut and refused', async () => {
    const login = await addList({ rotation_period: -1, location_preset: 'world-mix' });
    const ports = await whitelistList();
    const port = ports.port_start as number;
    expect((await viaLine(login.login, 1)).status).toBe(200);

    const loginTunnel = await socksTunnel(
      gateway,
      { login: `${login.login}_s_1`, password: pkg.password },
      { host: '127.0.0.1', port: origin.port },
    );
    const portTunnel = await socksNoAuth(port + 1, ALLOWED, origin);
    const loginClosed = closedWithin(loginTunnel);
    const portClosed = closedWithin(portTunnel);
    // A package tunnel of the same package stays open.
    const packageTunnel = await socksTunnel(gateway, pkg, {
      host: '127.0.0.1',
      port: origin.port,
    });

    await deleteList(login.id);
    await deleteList(ports.id);
    expect(await loginClosed).toBeLessThan(2_000);
    expect(await portClosed).toBeLessThan(2_000);
    expect(packageTunnel.destroyed).toBe(false);
    expect(peerOf(await echoOver(packageTunnel))).toMatch(/^127\./);

    expect((await viaLine(login.login, 1)).status).toBe(407);
    await waitFor(() => !gateway.listPorts.isListening(port));
    await expect(get(port, url(), { localAddress: ALLOWED })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a whitelist edited while the gateway runs applies at once: open tunnels cut, the new address let in', async () => {
    const list = await whitelistList({ ports_count: 1 });
    const port = list.port_start as number;
    const tunnel = await socksNoAuth(port, ALLOWED, origin);
    const closed = closedWithin(tunnel);
    expect((await get(port, url(), { localAddress: STRANGER })).status).toBe(407);
    await database.db
      .updateTable('proxy_lists')
      .set({ white_list: [STRANGER] })
      .where('id', '=', list.id)
      .execute();
    expect(await closed).toBeLessThan(2_000);
    expect((await get(port, url(), { localAddress: STRANGER })).status).toBe(200);
    expect((await get(port, url(), { localAddress: ALLOWED })).status).toBe(407);
  });

  it('a list port closes a client that sends nothing within the handshake timeout, leaking no socket', async () => {
    const list = await whitelistList({ ports_count: 1 });
    const baseline = gateway.openSockets();
    const silent = await exchange(list.port_start as number, Buffer.alloc(0), {
      localAddress: ALLOWED,
    });
    expect(silent.bytes.length).toBe(0);
    expect(silent.ms).toBeGreaterThanOrEqual(900);
    expect(silent.ms).toBeLessThan(5_000);
    await waitFor(() => gateway.openSockets() === baseline);
  });

  it('a line of a deactivated package is refused; malformed or unknown list logins are refused with nothing counted', async () => {
    const list = await addList();
    const rotating = await addList({ rotation_period: 0 });
    await gateway.flushUsage();
    const before = await usageOf(database.db, pkg.id);
    for (const username of [
      list.login,
      `${list.login}_s_0`,
      `${list.login}_s_4`,
      `${list.login}_s_01`,
      `${list.login}_c_de_s_1`,
      `${list.login}_s_1_ttl_5m`,
      `${rotating.login}_s_1`,
      listLogin(),
      `${listLogin()}_s_1`,
    ]) {
      const answer = await get(gateway.httpPort, url(), {
        auth: basicAuth(username, pkg.password),
      });
      expect(answer.status, username).toBe(407);
    }
    expect(
      (await get(gateway.httpPort, url(), { auth: basicAuth(`${list.login}_s_1`, 'wrong') }))
        .status,
    ).toBe(407);
    await expect(
      socksTunnel(
        gateway,
        { login: `${list.login}_s_9`, password: pkg.password },
        { host: '127.0.0.1', port: origin.port },
      ),
    ).rejects.toThrow(/Authentication failed/);
    await gateway.flushUsage();
    expect(await usageOf(database.db, pkg.id)).toEqual(before);

    const other = await addPackage(gateway, { type: 'dynamic' });
    const ofOther = await addList({ package_id: other.id });
    const auth = basicAuth(`${ofOther.login}_s_1`, other.password);
    expect((await get(gateway.httpPort, url(), { auth })).status).toBe(200);
    await database.db
      .updateTable('packages')
      .set({ status: 'inactive' })
      .where('id', '=', other.id)
      .execute();
    await waitFor(() => gateway.cache.byId(other.id) === undefined);
    expect((await get(gateway.httpPort, url(), { auth })).status).toBe(407);
  });

  it('curl works through a login list line', async () => {
    const list = await addList();
    const proxy = `http://${list.login}_s_1:${pkg.password}@127.0.0.1:${gateway.httpPort}`;
    expect(
      await curlStatusAndSize(['-x', proxy], `http://127.0.0.1:${origin.port}/bytes/777`),
    ).toBe('200 777');
  });
});
