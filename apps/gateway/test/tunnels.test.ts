import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  addPackage,
  basicAuth,
  exchange,
  startHttpOrigin,
  usageOf,
  useGatewayWithPackage,
  waitFor,
  type TestPackage,
} from './helpers.ts';

const ESTABLISHED = 'HTTP/1.1 200 Connection Established\r\n\r\n';

/**
 * CONNECT tunnels through the pipeline (pipeline/tunnel.ts): the tunnel path itself, beside the
 * behaviour the other files check through the same port.
 */
describe('CONNECT tunnels', () => {
  const fixture = useGatewayWithPackage();
  const connectHead = (pkg: TestPackage, port = fixture.origin.port) =>
    `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nProxy-Authorization: ${basicAuth(pkg.login, pkg.password)}\r\n\r\n`;

  /** A client that sent `bytes` and collects what comes back (reading slowly if asked). */
  const client = (bytes: string, slow = false) => {
    const socket = net.connect(fixture.gateway.httpPort, '127.0.0.1');
    let received = Buffer.alloc(0);
    let reads = 0;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      reads += 1;
      // Every few reads the client stops reading for a moment: the tunnel must hold back.
      if (slow && reads % 8 === 0) {
        socket.pause();
        setTimeout(() => socket.resume(), 5);
      }
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(bytes);
    return { socket, closed, received: () => received };
  };

  it('holds one client socket per tunnel and per kept-alive connection, none once they close', async () => {
    const tunnel = client(`${connectHead(fixture.pkg)}GET /bytes/10 HTTP/1.1\r\nHost: o\r\n\r\n`);
    await waitFor(() => tunnel.received().toString('latin1').endsWith('aaaaaaaaaa'));
    expect(tunnel.received().toString('latin1')).toMatch(/^HTTP\/1\.1 200 Connection Established/);
    expect(fixture.gateway.openSockets()).toBe(1);
    tunnel.socket.destroy();
    await waitFor(() => fixture.gateway.openSockets() === 0);
    expect(fixture.gateway.registry.total).toBe(0);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: fixture.gateway.httpPort,
            path: `http://127.0.0.1:${fixture.origin.port}/bytes/10`,
            headers: { 'Proxy-Authorization': basicAuth(fixture.pkg.login, fixture.pkg.password) },
            agent,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        )
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(fixture.gateway.openSockets()).toBe(1);
    agent.destroy();
    await waitFor(() => fixture.gateway.openSockets() === 0);
  });

  it('moves a large download byte for byte to a slow reader and meters what the origin sent', async () => {
    const pkg = await addPackage(fixture.gateway);
    const size = 24 * 1024 * 1024;
    const readBefore = fixture.origin.bytesRead();
    const writtenBefore = fixture.origin.bytesWritten();
    const tunnel = client(
      `${connectHead(pkg)}GET /bytes/${size} HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n`,
      true,
    );
    await tunnel.closed;
    const text = tunnel.received().toString('latin1');
    const bodyStart = text.indexOf('\r\n\r\n', ESTABLISHED.length) + 4;
    expect(text.startsWith(`${ESTABLISHED}HTTP/1.1 200 OK`)).toBe(true);
    expect(tunnel.received().length - bodyStart).toBe(size);
    expect(text.slice(bodyStart).replaceAll('a', '')).toBe('');
    await fixture.gateway.flushUsage();
    expect(await usageOf(fixture.gateway.database.db, pkg.id)).toEqual({
      up: fixture.origin.bytesRead() - readBefore,
      down: fixture.origin.bytesWritten() - writtenBefore,
    });
  });

  it('carries an upload whole, metered up', async () => {
    const pkg = await addPackage(fixture.gateway);
    const body = 'u'.repeat(3 * 1024 * 1024);
    const readBefore = fixture.origin.bytesRead();
    const tunnel = client(
      `${connectHead(pkg)}POST /echo HTTP/1.1\r\nHost: o\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    await tunnel.closed;
    const text = tunnel.received().toString('latin1');
    const echo = JSON.parse(text.slice(text.indexOf('{'))) as { body: string };
    expect(echo.body.length).toBe(body.length);
    await fixture.gateway.flushUsage();
    expect((await usageOf(fixture.gateway.database.db, pkg.id)).up).toBe(
      fixture.origin.bytesRead() - readBefore,
    );
  });

  it('answers an origin that refuses with 502 and the reason, and keeps no handle', async () => {
    const closed = await startHttpOrigin();
    await closed.close();
    const { text } = await exchange(
      fixture.gateway.httpPort,
      connectHead(fixture.pkg, closed.port),
    );
    expect(text).toMatch(/^HTTP\/1\.1 502 /);
    expect(text).toMatch(/X-Proxy-Error: refused/);
    await waitFor(() => fixture.gateway.openSockets() === 0);
    expect(fixture.gateway.registry.total).toBe(0);
  });

  it('tunnels a whitelisted client address without credentials, from the package own address', async () => {
    await addPackage(fixture.gateway, {
      type: 'isp',
      auth_ip: '127.0.0.19',
      ips: JSON.stringify(['127.0.0.17']),
    });
    const request = `CONNECT 127.0.0.1:${fixture.origin.port} HTTP/1.1\r\n\r\nGET /who HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n`;
    const allowed = await exchange(fixture.gateway.httpPort, request, {
      localAddress: '127.0.0.19',
    });
    expect(allowed.text.startsWith(ESTABLISHED)).toBe(true);
    expect(allowed.text).toMatch(/"peer":"127\.0\.0\.17"/);
    const refused = await exchange(fixture.gateway.httpPort, request, {
      localAddress: '127.0.0.18',
    });
    expect(refused.text).toMatch(/^HTTP\/1\.1 407 /);
  });
});

describe('CONNECT tunnels: names and the destination guard', () => {
  const fixture = useGatewayWithPackage();
  const guarded = useGatewayWithPackage({ GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'false' });
  const connectTo = (gateway: { httpPort: number }, pkg: TestPackage, target: string) =>
    exchange(
      gateway.httpPort,
      `CONNECT ${target} HTTP/1.1\r\nProxy-Authorization: ${basicAuth(pkg.login, pkg.password)}\r\n\r\n` +
        'GET /bytes/5 HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n',
    );

  it('resolves a name and tunnels to it', async () => {
    const { text } = await connectTo(
      fixture.gateway,
      fixture.pkg,
      `localhost:${fixture.origin.port}`,
    );
    expect(text.startsWith(ESTABLISHED)).toBe(true);
    expect(text.endsWith('aaaaa')).toBe(true);
  });

  it('refuses private destinations, by address and by a name that resolves to one, with 403', async () => {
    for (const target of [`127.0.0.1:${guarded.origin.port}`, `localhost:${guarded.origin.port}`]) {
      const { text } = await connectTo(guarded.gateway, guarded.pkg, target);
      expect(text).toMatch(/^HTTP\/1\.1 403 /);
      expect(text).toMatch(/X-Proxy-Error: blocked/);
    }
    await waitFor(() => guarded.gateway.openSockets() === 0);
  });
});
