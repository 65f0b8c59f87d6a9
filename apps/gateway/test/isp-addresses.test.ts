import http from 'node:http';
import net from 'node:net';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPackage,
  basicAuth,
  canConnect,
  closeAll,
  exchange,
  openOwnDatabase,
  peerOf,
  proxyGet,
  startHttpOrigin,
  startTestGateway,
  useGatewayAndOrigin,
  waitFor,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

/**
 * ISP lines (decision 154): `address:port:login:password`, the address one of the package's
 * own. The gateway listens there and the connection leaves from that same address. In these
 * tests the addresses are 127.0.x.y (any of them can be bound on Linux) and the origin echoes
 * the address each request came from.
 */

const authOf = (pkg: TestPackage, suffix = '') => basicAuth(`${pkg.login}${suffix}`, pkg.password);

const echoUrl = (origin: Origin) => `http://127.0.0.1:${origin.port}/echo`;

/** An absolute-URI POST through host:port. */
const proxyPost = (host: string, port: number, url: string, auth: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host,
        port,
        method: 'POST',
        path: url,
        agent: false,
        headers: { 'Proxy-Authorization': auth, 'Content-Length': '5' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end('hello');
  });

/** CONNECT to the origin through host:port, then a GET inside: the raw answer. */
const connectThrough = async (host: string, port: number, origin: Origin, auth: string) =>
  (
    await exchange(
      port,
      `CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nHost: 127.0.0.1:${origin.port}\r\n` +
        `Proxy-Authorization: ${auth}\r\n\r\n` +
        'GET /echo HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n',
      { host },
    )
  ).text;

/** The address the origin saw, from a raw answer whose last part is the echo. */
const peerInText = (text: string) => peerOf({ body: text.slice(text.indexOf('{')) });

/** A SOCKS5 tunnel to the origin through host:port (RFC 1929 login), and the echo's peer. */
const peerThroughSocks = async (host: string, port: number, origin: Origin, pkg: TestPackage) => {
  const { socket } = await SocksClient.createConnection({
    proxy: { host, port, type: 5, userId: pkg.login, password: pkg.password },
    command: 'connect',
    destination: { host: '127.0.0.1', port: origin.port },
    timeout: 5_000,
  });
  const text = await new Promise<string>((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.write('GET /echo HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n');
  });
  return peerInText(text);
};

const userPass = (pkg: TestPackage) =>
  Buffer.concat([
    Buffer.from([0x01, Buffer.byteLength(pkg.login)]),
    Buffer.from(pkg.login),
    Buffer.from([Buffer.byteLength(pkg.password)]),
    Buffer.from(pkg.password),
  ]);

/** A SOCKS5 CONNECT request to the origin (IPv4). */
const socksRequest = (origin: Origin) => {
  const port = Buffer.alloc(2);
  port.writeUInt16BE(origin.port);
  return Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1]), port]);
};

/** Greeting offering username/password, the login, the CONNECT request: the raw answer. */
const rawSocksLogin = async (host: string, port: number, pkg: TestPackage, origin: Origin) => [
  ...(
    await exchange(
      port,
      Buffer.concat([Buffer.from([0x05, 0x01, 0x02]), userPass(pkg), socksRequest(origin)]),
      { host },
    )
  ).bytes,
];

/** Login accepted (RFC 1929 status 0), CONNECT answered "not allowed by ruleset" (0x02). */
const LOGIN_OK_CONNECT_NOT_ALLOWED = [5, 2, 1, 0, 5, 2, 0, 1, 0, 0, 0, 0, 0, 0];

const isRefused = async (host: string, port: number) => !(await canConnect(host, port));

/** Both ports of the gateway answer at `address`. */
const waitForListening = (gateway: TestGateway, address: string) =>
  waitFor(
    async () =>
      (await canConnect(address, gateway.httpPort)) &&
      (await canConnect(address, gateway.socksPort)),
  );

/** Within 2 s neither port accepts at `address` any more. */
const expectClosedWithin2s = (gateway: TestGateway, address: string) =>
  waitFor(
    async () =>
      (await isRefused(address, gateway.httpPort)) && (await isRefused(address, gateway.socksPort)),
    2_000,
  );

describe('ISP lines on a gateway with a specific GATEWAY_HOST', () => {
  const fixture = useGatewayAndOrigin();

  it("each of the package's addresses takes its line on both ports, and traffic leaves from it", async () => {
    const { gateway, origin } = fixture;
    const addresses = ['127.0.1.1', '127.0.1.2'];
    const pkg = await addPackage(gateway, {
      type: 'isp',
      ips: JSON.stringify(addresses),
      socks: true,
    });
    const url = echoUrl(origin);
    for (const address of addresses) {
      await waitForListening(gateway, address);
      // Every request on the line, not one in turn: the address is the line's.
      for (let i = 0; i < 3; i += 1) {
        const answer = await proxyGet(gateway.httpPort, url, { host: address, auth: authOf(pkg) });
        expect(answer.status).toBe(200);
        expect(peerOf(answer)).toBe(address);
      }
      // A session id does not move it elsewhere either.
      const sticky = await proxyGet(gateway.httpPort, url, {
        host: address,
        auth: authOf(pkg, '_s_9'),
      });
      expect(peerOf(sticky)).toBe(address);
      expect(peerOf(await proxyPost(address, gateway.httpPort, url, authOf(pkg)))).toBe(address);
      const tunnel = await connectThrough(address, gateway.httpPort, origin, authOf(pkg));
      expect(tunnel).toMatch(/^HTTP\/1\.1 200 Connection Established/);
      expect(peerInText(tunnel)).toBe(address);
      expect(await peerThroughSocks(address, gateway.socksPort, origin, pkg)).toBe(address);
    }
    // On the gateway's own host the package still takes its addresses in turn.
    const peers = new Set<string>();
    for (let i = 0; i < 4; i += 1)
      peers.add(peerOf(await proxyGet(gateway.httpPort, url, { auth: authOf(pkg) })));
    expect(peers).toEqual(new Set(addresses));
  });

  it('a CONNECT tunnel on a line runs on the transport of the shared port', async () => {
    const { gateway, origin } = fixture;
    const address = '127.0.1.10';
    const pkg = await addPackage(gateway, { type: 'isp', ips: JSON.stringify([address]) });
    await waitForListening(gateway, address);
    const socket = net.connect({ host: address, port: gateway.httpPort });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.write(
      `CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nProxy-Authorization: ${authOf(pkg)}\r\n\r\n` +
        'GET /bytes/10 HTTP/1.1\r\nHost: o\r\n\r\n',
    );
    try {
      await waitFor(() => received.endsWith('aaaaaaaaaa'));
      expect(received).toMatch(/^HTTP\/1\.1 200 Connection Established/);
      expect(origin.peers.at(-1)).toBe(address);
    } finally {
      socket.destroy();
    }
    await waitFor(() => gateway.openSockets() === 0);
  });

  it("another package's login on an ISP address is refused (403 address_not_in_package, SOCKS 0x02)", async () => {
    const { gateway, origin } = fixture;
    const address = '127.0.1.3';
    const owner = await addPackage(gateway, {
      type: 'isp',
      ips: JSON.stringify([address]),
      socks: true,
    });
    const intruders = [
      await addPackage(gateway),
      await addPackage(gateway, { type: 'isp', ips: JSON.stringify(['127.0.1.4']), socks: true }),
    ];
    await waitForListening(gateway, address);
    const peersBefore = origin.peers.length;
    for (const intruder of intruders) {
      const answer = await proxyGet(gateway.httpPort, echoUrl(origin), {
        host: address,
        auth: authOf(intruder),
      });
      expect(answer.status).toBe(403);
      expect(answer.headers['x-proxy-error']).toBe('address_not_in_package');
      expect(answer.body).not.toContain(address);
      const posted = await proxyPost(address, gateway.httpPort, echoUrl(origin), authOf(intruder));
      expect(posted.status).toBe(403);
      const tunnel = await connectThrough(address, gateway.httpPort, origin, authOf(intruder));
      expect(tunnel).toMatch(/^HTTP\/1\.1 403 /);
      expect(tunnel).toContain('X-Proxy-Error: address_not_in_package');
      expect(tunnel).not.toContain(address);
      expect(await rawSocksLogin(address, gateway.socksPort, intruder, origin)).toEqual(
        LOGIN_OK_CONNECT_NOT_ALLOWED,
      );
    }
    // Nothing of theirs reached the origin; the owner's line works.
    expect(origin.peers.length).toBe(peersBefore);
    const own = await proxyGet(gateway.httpPort, echoUrl(origin), {
      host: address,
      auth: authOf(owner),
    });
    expect(peerOf(own)).toBe(address);
  });

  it("an expired package's listeners close within 2 s of its expiry", async () => {
    const { gateway } = fixture;
    const expiresAt = Date.now() + 1_000;
    await addPackage(gateway, {
      type: 'isp',
      ips: JSON.stringify(['127.0.1.5']),
      expires_at: new Date(expiresAt),
    });
    await waitForListening(gateway, '127.0.1.5');
    // Expiry is a moment: no notification announces it.
    await waitFor(async () => isRefused('127.0.1.5', gateway.httpPort), 4_000);
    expect(Date.now() - expiresAt).toBeLessThan(2_000);
    expect(await isRefused('127.0.1.5', gateway.socksPort)).toBe(true);
  });

  it("a swapped or deleted package's listeners close within 2 s", async () => {
    const { gateway } = fixture;
    const pkg = await addPackage(gateway, { type: 'isp', ips: JSON.stringify(['127.0.1.6']) });
    await waitForListening(gateway, '127.0.1.6');
    const db = gateway.database.db;
    await db
      .updateTable('packages')
      .set({ ips: JSON.stringify(['127.0.1.7']) })
      .where('id', '=', pkg.id)
      .execute();
    await expectClosedWithin2s(gateway, '127.0.1.6');
    await waitForListening(gateway, '127.0.1.7');
    await db.deleteFrom('packages').where('id', '=', pkg.id).execute();
    await expectClosedWithin2s(gateway, '127.0.1.7');
  });

  it('SOCKS5 on an ISP package bought for HTTP(S) only: the login succeeds, the CONNECT gets 0x02', async () => {
    const { gateway, origin } = fixture;
    const address = '127.0.1.8';
    const pkg = await addPackage(gateway, {
      type: 'isp',
      ips: JSON.stringify([address]),
      socks: false,
      auth_ip: '127.0.1.9',
    });
    await waitForListening(gateway, address);
    for (const host of [address, '127.0.0.1'])
      expect(await rawSocksLogin(host, gateway.socksPort, pkg, origin)).toEqual(
        LOGIN_OK_CONNECT_NOT_ALLOWED,
      );
    // IP authorisation: "no authentication" is chosen, then the CONNECT is not allowed.
    const byAddress = await exchange(
      gateway.socksPort,
      Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), socksRequest(origin)]),
      { host: address, localAddress: '127.0.1.9' },
    );
    expect([...byAddress.bytes]).toEqual([5, 0, 5, 2, 0, 1, 0, 0, 0, 0, 0, 0]);
    // HTTP, which it was bought for, works on its address, by login or by the client's address.
    const answer = await proxyGet(gateway.httpPort, echoUrl(origin), {
      host: address,
      auth: authOf(pkg),
    });
    expect(peerOf(answer)).toBe(address);
    const whitelisted = await proxyGet(gateway.httpPort, echoUrl(origin), {
      host: address,
      localAddress: '127.0.1.9',
    });
    expect(peerOf(whitelisted)).toBe(address);
  });
});

/**
 * A wildcard GATEWAY_HOST accepts on every address already: no listener of its own per address,
 * and where a connection arrived is asked of its socket (CONNECT included).
 * A database of its own: ISP packages of other files hold 127.0.0.1, which is an ISP address
 * to a gateway that does not own it as its host.
 */
describe('ISP lines on a gateway listening on 0.0.0.0', () => {
  let own: Awaited<ReturnType<typeof openOwnDatabase>>;
  let gateway: TestGateway;
  let origin: Origin;
  beforeAll(async () => {
    own = await openOwnDatabase('gateway_isp_wildcard');
    gateway = await startTestGateway({ DATABASE_URL: own.scratch.url, GATEWAY_HOST: '0.0.0.0' });
    origin = await startHttpOrigin();
  });
  afterAll(async () => {
    await closeAll(gateway, origin, own.database);
    await own.scratch.drop();
  });

  it('serves each address from that address and refuses other logins there', async () => {
    const addresses = ['127.0.2.1', '127.0.2.2'];
    const pkg = await addPackage(gateway, {
      type: 'isp',
      ips: JSON.stringify(addresses),
      socks: true,
    });
    const other = await addPackage(gateway);
    expect(gateway.ispListeners.listening).toEqual([]);
    const url = echoUrl(origin);
    for (const address of addresses) {
      for (let i = 0; i < 2; i += 1)
        expect(
          peerOf(await proxyGet(gateway.httpPort, url, { host: address, auth: authOf(pkg) })),
        ).toBe(address);
      expect(peerInText(await connectThrough(address, gateway.httpPort, origin, authOf(pkg)))).toBe(
        address,
      );
      expect(await peerThroughSocks(address, gateway.socksPort, origin, pkg)).toBe(address);
    }
    const refused = await connectThrough(
      addresses[0] as string,
      gateway.httpPort,
      origin,
      authOf(other),
    );
    expect(refused).toContain('X-Proxy-Error: address_not_in_package');
    const peers = new Set<string>();
    for (let i = 0; i < 4; i += 1)
      peers.add(peerOf(await proxyGet(gateway.httpPort, url, { auth: authOf(pkg) })));
    expect(peers).toEqual(new Set(addresses));
    // Any address no ISP package holds is the gateway's host.
    expect((await proxyGet(gateway.httpPort, url, { auth: authOf(other) })).status).toBe(200);
  });
});
