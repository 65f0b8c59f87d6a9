import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, curlStatusAndSize, exchange, useGatewayWithPackage } from './helpers.ts';

/**
 * An origin that answers byte for byte what each path asks for (chunked with trailers, 1xx,
 * 304, a body until close, garbage, a dropped kept-alive connection), numbering its
 * connections in `X-Conn` so a test sees which upstream connection carried a request.
 */
const startScriptedOrigin = async () => {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const conn = connections;
    let served = 0;
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = pending.toString('latin1', 0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        const body = pending.toString('latin1', end + 4, end + 4 + length);
        pending = pending.subarray(end + 4 + length);
        const [method, path] = head.split(' ');
        served += 1;
        const text = (status: string, content: string, extra = '') =>
          `HTTP/1.1 ${status}\r\nX-Conn: ${conn}\r\n${extra}Content-Length: ${content.length}\r\n\r\n${content}`;
        if (method === 'HEAD')
          socket.write(`HTTP/1.1 200 OK\r\nX-Conn: ${conn}\r\nContent-Length: 1000\r\n\r\n`);
        else if (path === '/chunked')
          socket.write(
            `HTTP/1.1 200 OK\r\nX-Conn: ${conn}\r\nTransfer-Encoding: chunked\r\n\r\n` +
              '5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n',
          );
        else if (path === '/early')
          socket.write(
            `HTTP/1.1 103 Early Hints\r\nLink: </s.css>; rel=preload\r\n\r\n${text('200 OK', 'after hints')}`,
          );
        else if (path === '/not-modified')
          socket.write(`HTTP/1.1 304 Not Modified\r\nX-Conn: ${conn}\r\nETag: "v1"\r\n\r\n`);
        else if (path === '/until-close')
          socket.end('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil close');
        else if (path === '/garbage') socket.write('SPDY nonsense\r\n\r\n');
        else if (path === '/once' && served > 1) socket.destroy();
        else if (method === 'POST') socket.write(text('200 OK', `posted ${body}`));
        else socket.write(text('200 OK', `conn ${conn}`));
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

describe('forwarding (GET and HEAD on kept-alive connections)', () => {
  const fixture = useGatewayWithPackage();
  let origin: Awaited<ReturnType<typeof startScriptedOrigin>>;
  beforeAll(async () => {
    origin = await startScriptedOrigin();
  });
  afterAll(() => origin.close());

  /** Requests written at once on one connection (the last closes it): the raw answer. */
  const pipelined = async (...requests: string[]) => {
    const auth = basicAuth(fixture.pkg.login, fixture.pkg.password);
    const heads = requests.map((request, index) => {
      const [method, path, body] = request.split(' ');
      const close = index === requests.length - 1 ? 'Connection: close\r\n' : '';
      const length = body === undefined ? '' : `Content-Length: ${body.length}\r\n`;
      return (
        `${method} http://127.0.0.1:${origin.port}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Proxy-Authorization: ${auth}\r\n${length}${close}\r\n${body ?? ''}`
      );
    });
    return (await exchange(fixture.gateway.httpPort, heads.join(''))).text;
  };

  it('passes a chunked answer on whole, trailers included, and reuses the origin connection', async () => {
    const text = await pipelined('GET /chunked', 'GET /plain');
    // Node's server frames the answer anew (chunk extensions are the origin's framing, RFC 9112
    // 7.1.1): the body and its trailers arrive whole, then the next answer.
    expect(text).toMatch(
      /Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\nHTTP\/1\.1 200 OK/,
    );
    // One request after the other on a kept-alive client connection: one origin connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const connOf = (path: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: fixture.gateway.httpPort,
              path: `http://127.0.0.1:${origin.port}${path}`,
              headers: {
                'Proxy-Authorization': basicAuth(fixture.pkg.login, fixture.pkg.password),
              },
              agent,
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(String(res.headers['x-conn'])));
            },
          )
          .on('error', reject);
      });
    try {
      const first = await connOf('/chunked');
      expect(await connOf('/plain')).toBe(first);
      expect(await connOf('/chunked')).toBe(first);
    } finally {
      agent.destroy();
    }
  });

  it('answers HEAD and 304 without a body and goes on with the next request', async () => {
    const text = await pipelined('HEAD /any', 'GET /not-modified', 'GET /plain');
    const answers = text.split('HTTP/1.1 ').slice(1);
    expect(answers).toHaveLength(3);
    expect(answers[0]).toMatch(/^200 OK\r\n[^]*Content-Length: 1000\r\n(?:[^\r\n]+\r\n)*\r\n$/);
    expect(answers[1]).toMatch(/^304 Not Modified\r\n[^]*ETag: "v1"\r\n(?:[^\r\n]+\r\n)*\r\n$/);
    expect(answers[2]).toMatch(/conn \d+$/);
  });

  it('passes 1xx answers on before the final one', async () => {
    const text = await pipelined('GET /early');
    expect(text).toMatch(
      /^HTTP\/1\.1 103 Early Hints\r\nLink: <\/s\.css>; rel=preload\r\n\r\nHTTP\/1\.1 200 OK\r\n[^]*after hints$/,
    );
  });

  it('passes a body that runs until the origin closes on whole, framed, and serves the next request', async () => {
    const text = await pipelined('GET /until-close', 'GET /plain');
    expect(text).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[^]*Transfer-Encoding: chunked\r\n\r\nb\r\nuntil close\r\n0\r\n\r\nHTTP\/1\.1 200 OK\r\n[^]*conn \d+$/,
    );
  });

  it('answers 502 to an origin that does not speak HTTP', async () => {
    const text = await pipelined('GET /garbage');
    expect(text).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n[^]*X-Proxy-Error: upstream\r\n/);
  });

  it('sends a request again on a new connection when the kept-alive one was dropped', async () => {
    const before = origin.connections();
    const text = await pipelined('GET /once', 'GET /once');
    const answers = text.split('HTTP/1.1 ').slice(1);
    expect(answers.map((answer) => answer.slice(0, 6))).toEqual(['200 OK', '200 OK']);
    // The origin drops a connection at its second request (a kept-alive one from before, too):
    // each answer came on a connection of its own, made for it.
    const conns = answers.map((answer) => Number(/conn (\d+)$/.exec(answer)?.[1]));
    expect(Math.min(...conns)).toBeGreaterThan(before);
    expect(new Set(conns).size).toBe(2);
  });

  it('hands a request with a body to the HTTP server mid-connection, then keeps serving', async () => {
    const text = await pipelined('GET /plain', 'POST /echo abc');
    const answers = text.split('HTTP/1.1 ').slice(1);
    expect(answers).toHaveLength(2);
    expect(answers[1]).toMatch(/posted abc$/);
  });

  it('serves curl a chunked answer on a kept-alive connection', async () => {
    const url = `http://127.0.0.1:${origin.port}/chunked`;
    const proxy = `http://${fixture.pkg.login}:${fixture.pkg.password}@127.0.0.1:${fixture.gateway.httpPort}`;
    expect(await curlStatusAndSize(['-x', proxy], url)).toBe('200 11');
  });
});
