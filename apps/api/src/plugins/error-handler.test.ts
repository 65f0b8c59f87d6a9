import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@proxy/contract';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

/**
 * Every error answer, including those Node and Fastify produce before any
 * route runs, is the one JSON error shape and never echoes the URL. Real sockets: Node's own
 * parser errors (431, malformed requests) never reach `inject`.
 */

let ctx: TestContext;
let port = 0;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(async () => ctx.close());

/** A marker in the URL: it must not come back in any answer. */
const MARKER = 'zq-echo-marker';

type RawResponse = { status: number; headers: Map<string, string>; body: string };

/** Writes `request` as is on a fresh connection and reads the answer until the server closes. */
const sendRaw = (request: string | Buffer): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Map(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      let body = rest.join('\r\n\r\n');
      // A chunked answer (Fastify's own replies): one chunk, then the terminator.
      if (headers.get('transfer-encoding') === 'chunked')
        body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
    // Half-close: the server answers what it has and closes (Connection: close).
  });

const http = (requestLine: string, headers: string[] = [], body = '') =>
  [requestLine, 'Host: 127.0.0.1', 'Connection: close', ...headers, '', body].join('\r\n');

const expectErrorShape = (response: RawResponse, status: number, code: string) => {
  expect(response.status, response.body).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body: unknown = JSON.parse(response.body);
  expect(apiErrorSchema.safeParse(body).success, response.body).toBe(true);
  expect(body).toMatchObject({ success: false, code });
  expect(response.body).not.toContain(MARKER);
  expect(response.body).not.toMatch(/\/api\//);
};

describe('errors raised before any route', () => {
  it('431: a request line or header over the limit', async () => {
    const longUrl = await sendRaw(http(`GET /api/health?${MARKER}=${'a'.repeat(20_000)} HTTP/1.1`));
    expectErrorShape(longUrl, 431, 'HEADERS_TOO_LARGE');
    const bigHeader = await sendRaw(
      http(`GET /api/health?${MARKER} HTTP/1.1`, [`X-Big: ${'b'.repeat(20_000)}`]),
    );
    expectErrorShape(bigHeader, 431, 'HEADERS_TOO_LARGE');
  });

  it('414: a path parameter over the router limit', async () => {
    const response = await sendRaw(http(`GET /api/packages/${MARKER}${'x'.repeat(200)} HTTP/1.1`));
    expectErrorShape(response, 414, 'URI_TOO_LONG');
  });

  it('400: malformed requests Node refuses and URLs Fastify cannot decode', async () => {
    expectErrorShape(await sendRaw(`GARBAGE ${MARKER}\r\n\r\n`), 400, 'BAD_REQUEST');
    expectErrorShape(
      await sendRaw(http(`GET /api/health?${MARKER} HTTP/1.1`, ['Content-Length: abc'])),
      400,
      'BAD_REQUEST',
    );
    expectErrorShape(
      await sendRaw(http(`GET /api/packages/%ZZ${MARKER} HTTP/1.1`)),
      400,
      'BAD_REQUEST',
    );
    expectErrorShape(
      await sendRaw(http(`GET /api/payment/sandbox/%E0%A4%A${MARKER} HTTP/1.1`)),
      400,
      'BAD_REQUEST',
    );
  });

  it('404 for an unknown route, 400 for bad JSON, 415 for an unsupported type, 413 for a large body', async () => {
    expectErrorShape(await sendRaw(http(`GET /api/${MARKER}/nothing HTTP/1.1`)), 404, 'NOT_FOUND');
    const post = (contentType: string, body: string) =>
      sendRaw(
        http(
          `POST /api/userlogin?${MARKER} HTTP/1.1`,
          [`Content-Type: ${contentType}`, `Content-Length: ${Buffer.byteLength(body)}`],
          body,
        ),
      );
    expectErrorShape(await post('application/json', '{"email":'), 400, 'BAD_REQUEST');
    expectErrorShape(await post('application/xml', '<a/>'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectErrorShape(
      await post('application/json', JSON.stringify({ email: 'x'.repeat(200_000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers in the language the client asks for when the request could be read', async () => {
    const response = await sendRaw(
      http(`GET /api/packages/${'x'.repeat(200)} HTTP/1.1`, ['Accept-Language: ru']),
    );
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toMatchObject({ message: 'Адрес запроса слишком длинный.' });
  });
});
