import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { basicAuth, exchange, useGatewayWithPackage, waitFor } from './helpers.ts';

/** Short timeouts and a small head limit: the tests see each cut without waiting or sending much. */
const TIGHT_LIMITS = {
  GATEWAY_HANDSHAKE_TIMEOUT_MS: '500',
  GATEWAY_IDLE_TIMEOUT_MS: '800',
  GATEWAY_MAX_HEADER_BYTES: '4096',
};

describe('hostile and sloppy clients', () => {
  const fixture = useGatewayWithPackage(TIGHT_LIMITS);

  /** A client socket on the HTTP port that has sent `bytes`; the gateway cutting it is no error. */
  const rawClient = (bytes: string) => {
    const socket = net.connect(fixture.gateway.httpPort, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(bytes);
    return socket;
  };

  it('answers an oversize head with 431 and closes', async () => {
    const { text } = await exchange(
      fixture.gateway.httpPort,
      `GET http://127.0.0.1:${fixture.origin.port}/ HTTP/1.1\r\nX-Big: ${'a'.repeat(8000)}\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('answers garbage with 400 and closes', async () => {
    const { text } = await exchange(
      fixture.gateway.httpPort,
      '\x16\x03\x01 not http at all\r\n\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('refuses fixture.origin-form requests (this is a proxy) with 400, after authentication', async () => {
    const { text } = await exchange(
      fixture.gateway.httpPort,
      `GET / HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${basicAuth(fixture.pkg.login, fixture.pkg.password)}\r\nConnection: close\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('drops a slow-loris client that never finishes its head', async () => {
    const started = Date.now();
    const socket = rawClient(`GET http://127.0.0.1:${fixture.origin.port}/ HTTP/1.1\r\nX-Slow: `);
    const drip = setInterval(() => socket.write('X'), 50);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(drip);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('passes a half-close through a CONNECT tunnel and then lets both sockets go', async () => {
    const { text, ms } = await exchange(
      fixture.gateway.httpPort,
      `CONNECT 127.0.0.1:${fixture.origin.port} HTTP/1.1\r\nProxy-Authorization: ${basicAuth(fixture.pkg.login, fixture.pkg.password)}\r\n\r\n` +
        'GET /bytes/100000 HTTP/1.1\r\nHost: o\r\n\r\n',
      { end: true },
    );
    expect(text).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(text.length).toBeGreaterThan(100_000);
    await waitFor(() => fixture.gateway.registry.total === 0);
    // Closed by the FINs, not by the idle timeout (800 ms).
    expect(ms).toBeLessThan(700);
  });

  it('takes a CONNECT head split over several packets (the HTTP parser reads it from the start)', async () => {
    // The earlier tests' connections are gone: the one below is the gateway's only one.
    await waitFor(() => fixture.gateway.openSockets() === 0);
    const socket = net.connect(fixture.gateway.httpPort, '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    const parts: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => parts.push(chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const head =
      `CONNECT 127.0.0.1:${fixture.origin.port} HTTP/1.1\r\n` +
      `Proxy-Authorization: ${basicAuth(fixture.pkg.login, fixture.pkg.password)}\r\n\r\n`;
    socket.write(head.slice(0, 10));
    // The first packet holds no whole CONNECT head: Node's parser waits for the rest.
    await waitFor(() => fixture.gateway.openSockets() === 1);
    socket.write(head.slice(10));
    await waitFor(() => Buffer.concat(parts).toString('latin1').includes('\r\n\r\n'));
    socket.end('GET /bytes/1000 HTTP/1.1\r\nHost: o\r\n\r\n');
    await closed;
    const text = Buffer.concat(parts).toString('latin1');
    expect(text).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(text.endsWith('a'.repeat(1000))).toBe(true);
  });

  it('answers an oversize CONNECT head with 431 and one with a body header with 400', async () => {
    const auth = `Proxy-Authorization: ${basicAuth(fixture.pkg.login, fixture.pkg.password)}\r\n`;
    const target = `127.0.0.1:${fixture.origin.port}`;
    const big = await exchange(
      fixture.gateway.httpPort,
      `CONNECT ${target} HTTP/1.1\r\n${auth}X-Big: ${'a'.repeat(8000)}\r\n\r\n`,
    );
    expect(big.text).toMatch(/^HTTP\/1\.1 431 /);
    const garbled = await exchange(
      fixture.gateway.httpPort,
      `CONNECT ${target} HTTP/1.1\r\n${auth}Content-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    expect(garbled.text).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('drops a connection that never sends a byte after the handshake timeout', async () => {
    const started = Date.now();
    const { bytes } = await exchange(fixture.gateway.httpPort, Buffer.alloc(0));
    expect(bytes.length).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('closes an idle tunnel after the idle timeout', async () => {
    const socket = rawClient(
      `CONNECT 127.0.0.1:${fixture.origin.port} HTTP/1.1\r\nProxy-Authorization: ${basicAuth(fixture.pkg.login, fixture.pkg.password)}\r\n\r\n`,
    );
    const started = Date.now();
    socket.resume();
    await new Promise((resolve) => socket.on('close', resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a client gone mid-download frees the request and its fixture.origin connection', async () => {
    const socket = rawClient(
      `GET http://127.0.0.1:${fixture.origin.port}/bytes/${500 * 1024 * 1024} HTTP/1.1\r\nHost: o\r\nProxy-Authorization: ${basicAuth(fixture.pkg.login, fixture.pkg.password)}\r\n\r\n`,
    );
    await new Promise((resolve) => socket.once('data', resolve));
    expect(fixture.gateway.registry.count(fixture.pkg.id)).toBe(1);
    socket.destroy();
    await waitFor(() => fixture.gateway.registry.count(fixture.pkg.id) === 0);
  });

  it('after all of it, and a few hundred connections more, no socket is left open', async () => {
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        exchange(
          i % 2 ? fixture.gateway.httpPort : fixture.gateway.socksPort,
          i % 3 ? Buffer.from([5, 1, 2]) : 'GET http://x/ HTTP/1.1\r\n\r\n',
          { end: true },
        ),
      ),
    );
    await waitFor(
      () => fixture.gateway.openSockets() === 0 && fixture.gateway.registry.total === 0,
    );
  });
});
