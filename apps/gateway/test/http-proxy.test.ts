import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPackage,
  basicAuth,
  curlStatusAndSize,
  exchange,
  startHttpOrigin,
  startHttpsOrigin,
  usageOf,
  useGatewayWithPackage,
  waitFor,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One absolute-URI request through the proxy with Node's http client. */
const proxyRequest = (
  gateway: TestGateway,
  url: string,
  options: { auth?: string; method?: string; body?: string; agent?: http.Agent } = {},
) =>
  new Promise<Answer>((resolve, reject) => {
    const target = new URL(url);
    const req = http.request({
      host: '127.0.0.1',
      port: gateway.httpPort,
      method: options.method ?? 'GET',
      path: url,
      agent: options.agent ?? false,
      headers: {
        Host: target.host,
        ...(options.auth ? { 'Proxy-Authorization': options.auth } : {}),
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });

describe('HTTP proxy', () => {
  const fixture = useGatewayWithPackage();
  let httpsOrigin: Origin;
  beforeAll(async () => {
    httpsOrigin = await startHttpsOrigin();
  });
  afterAll(() => httpsOrigin.close());

  it('forwards an absolute-URI request and meters it (curl)', async () => {
    const readBefore = fixture.origin.bytesRead();
    const writtenBefore = fixture.origin.bytesWritten();
    const proxy = `http://${fixture.pkg.login}:${fixture.pkg.password}@127.0.0.1:${fixture.gateway.httpPort}`;
    expect(
      await curlStatusAndSize(
        ['-x', proxy],
        `http://127.0.0.1:${fixture.origin.port}/bytes/100000`,
      ),
    ).toBe('200 100000');
    await fixture.gateway.flushUsage();
    const used = await usageOf(fixture.gateway.database.db, fixture.pkg.id);
    const seenUp = fixture.origin.bytesRead() - readBefore;
    const seenDown = fixture.origin.bytesWritten() - writtenBefore;
    // The body exactly; the heads within what headers differ by (hop-by-hop ones).
    expect(Math.abs(used.up - seenUp)).toBeLessThan(100);
    expect(Math.abs(used.down - seenDown)).toBeLessThan(100);
    expect(used.down).toBeGreaterThan(100000);
  });

  it('passes the request on without the proxy credentials, Host from the URI', async () => {
    const answer = await proxyRequest(
      fixture.gateway,
      `http://127.0.0.1:${fixture.origin.port}/echo?x=1`,
      {
        auth: basicAuth(fixture.pkg.login, fixture.pkg.password),
        method: 'POST',
        body: 'hello fixture.origin',
      },
    );
    expect(answer.status).toBe(200);
    const seen = JSON.parse(answer.body.toString()) as Record<string, unknown>;
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/echo?x=1',
      host: `127.0.0.1:${fixture.origin.port}`,
      proxyAuthorization: null,
      body: 'hello fixture.origin',
    });
  });

  it('refuses a wrong password, a malformed login or header and no credentials with 407, counting nothing', async () => {
    const other = await addPackage(fixture.gateway);
    const url = `http://127.0.0.1:${fixture.origin.port}/bytes/10`;
    for (const auth of [
      basicAuth(other.login, `${other.password}x`),
      basicAuth(`${other.login}_c_xx`, other.password),
      basicAuth(`${other.login}_ttl_5m`, other.password),
      basicAuth('nobody', other.password),
      'Bearer abc',
      // Right credentials in a header that is not `Basic <token68>`.
      `${basicAuth(other.login, other.password)} trailing-garbage`,
      `${basicAuth(other.login, other.password)}!`,
      basicAuth(other.login, other.password).replace('Basic ', 'Basic x '),
      undefined,
    ]) {
      const answer = await proxyRequest(fixture.gateway, url, auth ? { auth } : {});
      expect(answer.status).toBe(407);
      expect(answer.headers['proxy-authenticate']).toBe('Basic realm="proxy"');
    }
    await fixture.gateway.flushUsage();
    expect(await usageOf(fixture.gateway.database.db, other.id)).toEqual({ up: 0, down: 0 });
  });

  it('authenticates and attributes each request of a keep-alive connection on its own', async () => {
    const [first, second] = [await addPackage(fixture.gateway), await addPackage(fixture.gateway)];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = `http://127.0.0.1:${fixture.origin.port}/bytes/5000`;
    const peers = new Set<unknown>();
    agent.on('free', (socket: net.Socket) => peers.add(socket));
    /** The status of one request on the shared connection, as `pkg` (with `password`). */
    const statusAs = async (pkg: TestPackage, password = pkg.password) =>
      (await proxyRequest(fixture.gateway, url, { agent, auth: basicAuth(pkg.login, password) }))
        .status;
    expect(await statusAs(first)).toBe(200);
    expect(await statusAs(second)).toBe(200);
    expect(await statusAs(second, 'wrong')).toBe(407);
    expect(await statusAs(first)).toBe(200);
    // One client socket carried all four requests.
    expect(peers.size).toBe(1);
    agent.destroy();
    await fixture.gateway.flushUsage();
    const usedFirst = await usageOf(fixture.gateway.database.db, first.id);
    const usedSecond = await usageOf(fixture.gateway.database.db, second.id);
    expect(usedFirst.down).toBeGreaterThan(2 * 5000);
    expect(usedFirst.down).toBeLessThan(2 * 5000 + 1000);
    expect(usedSecond.down).toBeGreaterThan(5000);
    expect(usedSecond.down).toBeLessThan(5000 + 500);
  });

  it('tunnels CONNECT to an HTTPS fixture.origin and meters exactly the tunnel bytes (curl)', async () => {
    const tunnelPackage = await addPackage(fixture.gateway);
    const readBefore = httpsOrigin.bytesRead();
    const writtenBefore = httpsOrigin.bytesWritten();
    const proxy = `http://${tunnelPackage.login}:${tunnelPackage.password}@127.0.0.1:${fixture.gateway.httpPort}`;
    expect(
      await curlStatusAndSize(
        ['-k', '-x', proxy],
        `https://127.0.0.1:${httpsOrigin.port}/bytes/250000`,
      ),
    ).toBe('200 250000');
    // curl has closed; the tunnel's last bytes (the TLS close) are counted on both sides once
    // the gateway has let go of the tunnel and the origin has seen its connection close.
    await waitFor(
      () =>
        fixture.gateway.registry.count(tunnelPackage.id) === 0 &&
        httpsOrigin.openConnections() === 0,
    );
    await fixture.gateway.flushUsage();
    expect(await usageOf(fixture.gateway.database.db, tunnelPackage.id)).toEqual({
      up: httpsOrigin.bytesRead() - readBefore,
      down: httpsOrigin.bytesWritten() - writtenBefore,
    });
  });

  it('lets a client that ends its side without sending a byte go at once, not at the handshake timeout', async () => {
    const started = Date.now();
    const socket = net.connect(fixture.gateway.httpPort, '127.0.0.1', () => socket.end());
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.on('close', resolve));
    // The handshake timeout here is 10 s.
    expect(Date.now() - started).toBeLessThan(2_000);
    await waitFor(() => fixture.gateway.openSockets() === 0);
  });

  it('answers a request whose client half-closed right after sending it (GET and POST)', async () => {
    const auth = basicAuth(fixture.pkg.login, fixture.pkg.password);
    const url = `http://127.0.0.1:${fixture.origin.port}`;
    const get = await exchange(
      fixture.gateway.httpPort,
      `GET ${url}/bytes/5 HTTP/1.1\r\nHost: o\r\nProxy-Authorization: ${auth}\r\n\r\n`,
      { end: true },
    );
    expect(get.text).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\naaaaa$/);
    const post = await exchange(
      fixture.gateway.httpPort,
      `POST ${url}/echo HTTP/1.1\r\nHost: o\r\nProxy-Authorization: ${auth}\r\n` +
        'Content-Length: 3\r\n\r\nabc',
      { end: true },
    );
    expect(post.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(post.text).toContain('"method":"POST"');
    await waitFor(() => fixture.gateway.openSockets() === 0);
  });

  it('answers CONNECT with 407 on wrong credentials', async () => {
    const { text: answer } = await exchange(
      fixture.gateway.httpPort,
      `CONNECT 127.0.0.1:${httpsOrigin.port} HTTP/1.1\r\nHost: 127.0.0.1:${httpsOrigin.port}\r\n` +
        `Proxy-Authorization: ${basicAuth(fixture.pkg.login, 'nope')}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 407 /);
    expect(answer).toContain('Proxy-Authenticate: Basic realm="proxy"');
  });

  it('refuses a targeting no exit serves with 502 and the reason', async () => {
    const answer = await proxyRequest(
      fixture.gateway,
      `http://127.0.0.1:${fixture.origin.port}/bytes/10`,
      {
        auth: basicAuth(`${fixture.pkg.login}_c_us`, fixture.pkg.password),
      },
    );
    expect(answer.status).toBe(502);
    expect(answer.headers['x-proxy-error']).toBe('no_exit');
    expect(answer.body.toString()).toContain('country US');
  });

  it('says why an fixture.origin cannot be reached', async () => {
    const closed = await startHttpOrigin();
    await closed.close();
    const answer = await proxyRequest(fixture.gateway, `http://127.0.0.1:${closed.port}/`, {
      auth: basicAuth(fixture.pkg.login, fixture.pkg.password),
    });
    expect(answer.status).toBe(502);
    expect(answer.headers['x-proxy-error']).toBe('refused');
  });
});
