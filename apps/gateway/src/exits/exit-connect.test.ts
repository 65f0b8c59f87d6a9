import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDestinationLookup } from './destination-guard.ts';
import { connectThroughExit, type ExitError } from './exit-connect.ts';
import type { Exit } from './exit-table.ts';

const servers: net.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close();
    await once(server, 'close');
  }
});

/** An upstream HTTP proxy that answers every CONNECT with `answer(socket)`. */
const upstream = async (answer: (socket: net.Socket) => void) => {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => answer(socket));
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as net.AddressInfo).port;
};

const httpExit = (port: number): Exit => ({
  id: 1,
  name: 'up-1',
  kind: 'http',
  country: null,
  city: null,
  region: null,
  isp: null,
  localAddress: undefined,
  upstreamHost: '127.0.0.1',
  upstreamPort: port,
  usernameTemplate: null,
  upstreamPassword: null,
  serves: ['dynamic'],
  capacityMbps: 1000,
});

const connect = (port: number, timeoutMs = 2_000) =>
  connectThroughExit(
    httpExit(port),
    'example.test',
    443,
    { login: 'x', country: null, city: null, session: null, sessionTtlMs: 0, selector: null },
    { timeoutMs, lookup: createDestinationLookup(true), allowPrivate: true },
  );

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'connected',
    (error: ExitError) => `${error.failure}: ${error.message}`,
  );

describe('CONNECT through an upstream HTTP proxy', () => {
  it('hands over a working tunnel once the upstream answers 2xx', async () => {
    const port = await upstream((socket) => {
      socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
      socket.on('data', (chunk) => socket.write(chunk));
    });
    const socket = await connect(port);
    socket.write('ping');
    const [data] = (await once(socket, 'data')) as [Buffer];
    expect(data.toString()).toBe('ping');
    socket.destroy();
  });

  it('keeps bytes the upstream sends in the same packet as its 2xx answer', async () => {
    const port = await upstream((socket) =>
      socket.write('HTTP/1.1 200 Connection established\r\n\r\nserver speaks first'),
    );
    const socket = await connect(port);
    // Read after a turn of the event loop, as the tunnel's pump does once it is wired.
    await new Promise((resolve) => setImmediate(resolve));
    const data = once(socket, 'data') as Promise<[Buffer]>;
    socket.resume();
    expect((await data)[0].toString()).toBe('server speaks first');
    socket.destroy();
  });

  it('an HTTP client handed the tunnel reads an answer that came with the 2xx', async () => {
    const port = await upstream((socket) =>
      socket.write(
        'HTTP/1.1 200 Connection established\r\n\r\n' +
          'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi',
      ),
    );
    const tunnel = await connect(port);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request({ createConnection: () => tunnel, path: '/' }, resolve);
      request.on('error', reject);
      request.end();
    });
    response.setEncoding('utf8');
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect([response.statusCode, body]).toEqual([200, 'hi']);
  });

  it('an upstream that ends without answering fails at once, not at the timeout', async () => {
    const port = await upstream((socket) => socket.end());
    const started = Date.now();
    expect(await failureOf(connect(port, 10_000))).toBe(
      'upstream: upstream up-1 closed before answering',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says why it failed: a refusal, a 502, an oversize head, silence, no listener', async () => {
    const refused = await upstream((socket) => socket.end('HTTP/1.1 407 Auth\r\n\r\n'));
    const gatewayError = await upstream((socket) => socket.end('HTTP/1.1 502 Bad\r\n\r\n'));
    const oversize = await upstream((socket) => socket.write('x'.repeat(20 * 1024)));
    const silent = await upstream(() => undefined);
    const closed = await upstream(() => undefined);
    servers.at(-1)?.close();
    expect(await failureOf(connect(refused))).toBe(
      'upstream: upstream up-1 answered 407 to CONNECT',
    );
    expect(await failureOf(connect(gatewayError))).toBe(
      'unreachable: upstream up-1 answered 502 to CONNECT',
    );
    expect(await failureOf(connect(oversize))).toBe(
      'upstream: upstream up-1: oversize CONNECT answer',
    );
    expect(await failureOf(connect(silent, 300))).toBe('timeout: upstream up-1: no CONNECT answer');
    expect(await failureOf(connect(closed))).toMatch(/^refused: .*ECONNREFUSED/);
  });
});
