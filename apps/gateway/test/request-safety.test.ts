import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPackage,
  basicAuth,
  exchange,
  startHttpOrigin,
  useGatewayWithOwnExits,
  useGatewayWithPackage,
  type Origin,
} from './helpers.ts';

/** The address the client connects from: it must not appear in anything the origin receives. */
const CLIENT_ADDRESS = '127.0.0.9';

type Echo = { rawHeaders: string[]; method: string; url: string; body: string; peer: string };

/** A request through the gateway with Node's client; the origin's echo of what it received. */
const echoThrough = (
  port: number,
  url: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string; agent?: http.Agent } = {},
) =>
  new Promise<{ status: number; echo: Echo; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        localAddress: CLIENT_ADDRESS,
        method: options.method ?? 'GET',
        path: url,
        agent: options.agent ?? false,
        headers,
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (part: Buffer) => (text += part.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            echo: JSON.parse(text) as Echo,
            headers: res.headers,
          }),
        );
      });
      req.on('error', reject);
      req.end(options.body);
    },
  );

/** The header names of a raw header list, lower case. */
const namesOf = (rawHeaders: string[]) =>
  rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());

describe('what reaches the origin', () => {
  const fixture = useGatewayWithPackage();
  const auth = () => basicAuth(fixture.pkg.login, fixture.pkg.password);

  /** Hop-by-hop headers a client may send (RFC 9110 7.6.1) beside end-to-end ones. */
  const clientHeaders = () => ({
    'Proxy-Authorization': auth(),
    'Proxy-Connection': 'keep-alive',
    Connection: 'keep-alive, X-Hop-Secret',
    'X-Hop-Secret': 'only for the proxy',
    'Keep-Alive': 'timeout=5',
    TE: 'trailers',
    'X-End-To-End': 'kept',
  });

  const expectClean = (echo: Echo) => {
    const names = namesOf(echo.rawHeaders);
    for (const name of [
      'proxy-authorization',
      'proxy-connection',
      'x-hop-secret',
      'keep-alive',
      'te',
      'via',
      'x-forwarded-for',
      'forwarded',
      'x-real-ip',
    ])
      expect(names).not.toContain(name);
    expect(names).toContain('x-end-to-end');
    expect(JSON.stringify(echo)).not.toContain(CLIENT_ADDRESS);
    expect(JSON.stringify(echo)).not.toContain(fixture.pkg.password);
  };

  it('a forwarded GET and POST arrive without proxy credentials, hop-by-hop headers or the client address, and nothing is added', async () => {
    const url = `http://127.0.0.1:${fixture.origin.port}/echo`;
    const get = await echoThrough(fixture.gateway.httpPort, url, clientHeaders());
    expect(get.status).toBe(200);
    expect(get.echo.method).toBe('GET');
    expectClean(get.echo);
    const post = await echoThrough(fixture.gateway.httpPort, url, clientHeaders(), {
      method: 'POST',
      body: 'payload',
    });
    expect(post.status).toBe(200);
    expect(post.echo.body).toBe('payload');
    expectClean(post.echo);
  });

  it('requests on one kept-alive client connection each arrive clean', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = `http://127.0.0.1:${fixture.origin.port}/echo`;
      for (const method of ['GET', 'POST', 'GET'])
        expectClean(
          (
            await echoThrough(fixture.gateway.httpPort, url, clientHeaders(), {
              method,
              agent,
              ...(method === 'POST' ? { body: 'x' } : {}),
            })
          ).echo,
        );
    } finally {
      agent.destroy();
    }
  });
});

describe('request smuggling', () => {
  const fixture = useGatewayWithPackage();
  /** Requests the origin received, counted on its own server. */
  let seen = 0;
  let origin: Origin;
  beforeAll(async () => {
    origin = await startHttpOrigin();
  });
  afterAll(() => origin.close());

  const send = async (head: string, body = '') => {
    const host = `127.0.0.1:${origin.port}`;
    const lines = head
      .replaceAll('{target}', `http://${host}/echo`)
      .replaceAll('{host}', host)
      .replaceAll('{auth}', basicAuth(fixture.pkg.login, fixture.pkg.password));
    const before = origin.bytesRead();
    const answer = await exchange(fixture.gateway.httpPort, lines + body);
    seen = origin.bytesRead() - before;
    return answer.text;
  };

  const heads: [string, string][] = [
    [
      'Content-Length with Transfer-Encoding',
      'POST {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'two differing Content-Lengths',
      'POST {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
    ],
    [
      'obsolete line folding',
      'GET {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nX-Folded: a\r\n  b\r\n\r\n',
    ],
    [
      'a bare LF in the head',
      'GET {target} HTTP/1.1\r\nHost: {host}\nProxy-Authorization: {auth}\r\n\r\n',
    ],
    [
      'a bare CR in the head',
      'GET {target} HTTP/1.1\r\nHost: {host}\r\nX-A: 1\rX-B: 2\r\nProxy-Authorization: {auth}\r\n\r\n',
    ],
    [
      'a Transfer-Encoding other than chunked last',
      'POST {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n',
    ],
    [
      'a Transfer-Encoding without chunked',
      'POST {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nTransfer-Encoding: gzip\r\n\r\nabc',
    ],
    [
      'an oversized chunk size',
      'POST {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffffff\r\nabc\r\n0\r\n\r\n',
    ],
  ];

  for (const [name, head] of heads)
    it(`refuses ${name} with 400, forwarding nothing`, async () => {
      expect(await send(head)).toMatch(/^HTTP\/1\.1 400 /);
      expect(seen).toBe(0);
    });

  it('the same requests without the ambiguity go through (the cases above are refused for it alone)', async () => {
    expect(
      await send(
        'POST {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
      ),
    ).toMatch(/^HTTP\/1\.1 200 [\s\S]*"body":"hello"/);
    expect(
      await send(
        'GET {target} HTTP/1.1\r\nHost: {host}\r\nProxy-Authorization: {auth}\r\nConnection: close\r\n\r\n',
      ),
    ).toMatch(/^HTTP\/1\.1 200 /);
  });
});

/**
 * An origin that breaks HTTP/1.1 framing on purpose, on raw sockets: /extra sends a second,
 * unasked answer right after the first one's body; /two-lengths sends two Content-Lengths;
 * /short promises more body than it sends and closes. Anything else is answered `fine <n>`, n
 * being the number of the connection it came on.
 */
const startHostileOrigin = async () => {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    const id = connections;
    let buffered = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end !== -1; end = buffered.indexOf('\r\n\r\n')) {
        const path = buffered.slice(0, end).split(' ')[1] ?? '';
        buffered = buffered.slice(end + 4);
        const poison = 'HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\npoisoned';
        if (path.endsWith('/extra'))
          socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello${poison}`);
        else if (path.endsWith('/two-lengths'))
          socket.write(
            `HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 45\r\n\r\nhello${poison}`,
          );
        else if (path.endsWith('/short'))
          socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhello');
        else {
          const body = `fine ${id}`;
          socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('a hostile origin', () => {
  const fixture = useGatewayWithPackage();
  let origin: Awaited<ReturnType<typeof startHostileOrigin>>;
  beforeAll(async () => {
    origin = await startHostileOrigin();
  });
  afterAll(() => origin.close());

  /** One request on the client's kept-alive connection: status and body, or the error. */
  const ask = (agent: http.Agent, path: string, method: string) =>
    new Promise<string>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: fixture.gateway.httpPort,
        method,
        path: `http://127.0.0.1:${origin.port}${path}`,
        agent,
        headers: {
          'Proxy-Authorization': basicAuth(fixture.pkg.login, fixture.pkg.password),
          ...(method === 'POST' ? { 'Content-Length': '0' } : {}),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (part: Buffer) => (text += part.toString()));
        res.on('end', () => resolve(`${res.statusCode} ${text}`));
        res.on('error', () => resolve(`${res.statusCode} cut`));
      });
      req.on('error', () => resolve('cut'));
      req.end();
    });

  for (const method of ['GET', 'POST'])
    it(`a desynchronising answer never reaches the next request (${method})`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // The gateway keeps its origin connections for reuse: a poisoned one would be reused.
        const first = await ask(agent, '/fine', method);
        expect(first).toMatch(/^200 fine \d+$/);
        expect(await ask(agent, '/fine', method)).toBe(first);
        for (const path of ['/extra', '/two-lengths', '/short']) {
          const answer = await ask(agent, path, method);
          // A broken answer is cut or refused; at most its first, well-framed part arrives.
          expect(answer).not.toContain('poisoned');
          const next = await ask(agent, '/fine', method);
          expect(next).toMatch(/^200 fine \d+$/);
          expect(next).not.toContain('poisoned');
        }
      } finally {
        agent.destroy();
      }
    });
});

describe('rotation per request', () => {
  const exitAddresses = ['127.0.0.31', '127.0.0.32', '127.0.0.33'];
  const own = useGatewayWithOwnExits('gateway_rotation_test', () =>
    exitAddresses.map((address, index) => ({
      name: `de-${index}`,
      kind: 'direct',
      country: 'DE',
      local_address: address,
    })),
  );
  let origin: Origin;
  beforeAll(async () => {
    origin = await startHttpOrigin();
  });
  afterAll(() => origin.close());

  it('a login without a session changes exit between requests of one kept-alive client connection', async () => {
    const pkg = await addPackage(own.gateway, { type: 'dynamic', traffic_limit_bytes: 1e9 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<net.Socket>();
    agent.on('free', (socket: net.Socket) => sockets.add(socket));
    try {
      const peers = [];
      for (const method of ['GET', 'GET', 'POST', 'POST', 'GET', 'POST', 'GET', 'GET', 'POST']) {
        const answer = await echoThrough(
          own.gateway.httpPort,
          `http://127.0.0.1:${origin.port}/echo`,
          { 'Proxy-Authorization': basicAuth(`${pkg.login}_c_de`, pkg.password) },
          { method, agent, ...(method === 'POST' ? { body: 'x' } : {}) },
        );
        expect(answer.status).toBe(200);
        peers.push(answer.echo.peer);
      }
      expect(sockets.size).toBe(1);
      // Every exit took part, and no two requests in a row left through the same one.
      expect(new Set(peers).size).toBe(exitAddresses.length);
      for (let i = 1; i < peers.length; i += 1) expect(peers[i]).not.toBe(peers[i - 1]);
    } finally {
      agent.destroy();
    }
  });
});
