import { describe, expect, it } from 'vitest';
import { originRequestHead, parseForwardHead, parseResponseHead } from './forward-head.ts';

const head = (text: string) => Buffer.from(text, 'latin1');
const MAX = 16 * 1024;

describe('the fast path request head', () => {
  it('takes an ordinary GET or HEAD and forwards it without hop-by-hop headers', () => {
    const text =
      'GET http://example.test:8080/a?b=1 HTTP/1.1\r\nHost: other\r\nProxy-Authorization: Basic eA==\r\n' +
      'Proxy-Connection: keep-alive\r\nConnection: keep-alive, X-Secret\r\nX-Secret: 1\r\nAccept: */*\r\n\r\n';
    const parsed = parseForwardHead(head(`${text}next`), MAX);
    expect(parsed).toMatchObject({
      method: 'GET',
      authorization: 'Basic eA==',
      wantsClose: false,
      length: text.length,
    });
    if (parsed === null || parsed === 'partial') throw new Error('not parsed');
    expect(originRequestHead(parsed, '/a?b=1', 'example.test:8080')).toBe(
      'GET /a?b=1 HTTP/1.1\r\nHost: example.test:8080\r\nAccept: */*\r\n\r\n',
    );
    expect(
      parseForwardHead(head('HEAD http://e/ HTTP/1.1\r\nConnection: close\r\n\r\n'), MAX),
    ).toMatchObject({
      method: 'HEAD',
      wantsClose: true,
    });
  });

  it('waits for the rest of a head that may still become one', () => {
    expect(parseForwardHead(head('GE'), MAX)).toBe('partial');
    expect(parseForwardHead(head('GET http://e/ HTTP/1.1\r\nAccept: x'), MAX)).toBe('partial');
  });

  it('leaves everything else to Node', () => {
    const refused = [
      'POST http://e/ HTTP/1.1\r\nContent-Length: 1\r\n\r\nx',
      'GET http://e/ HTTP/1.1\r\nContent-Length: 0\r\n\r\n',
      'GET http://e/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n',
      'GET http://e/ HTTP/1.1\r\nUpgrade: websocket\r\n\r\n',
      'GET http://e/ HTTP/1.1\r\nExpect: 100-continue\r\n\r\n',
      'GET http://e/ HTTP/1.0\r\n\r\n',
      'GET /relative HTTP/1.1 extra\r\n\r\n',
      'GET http://e/ HTTP/1.1\r\n folded\r\n\r\n',
      'GET http://e/ HTTP/1.1\nHost: e\r\n\r\n',
      'GET http://e/ HTTP/1.1\r\nX: caf\u00e9\r\n\r\n',
      'GET http://e/ HTTP/1.1\r\nBad Name: x\r\n\r\n',
      'PUT',
    ];
    for (const text of refused) expect(parseForwardHead(head(text), MAX), text).toBeNull();
    expect(
      parseForwardHead(head(`GET http://e/ HTTP/1.1\r\nX: ${'a'.repeat(100)}`), 64),
    ).toBeNull();
  });
});

describe('the response head', () => {
  const parse = (text: string, isHead = false) => {
    const buffer = head(text);
    return parseResponseHead(buffer, buffer.indexOf('\r\n\r\n'), isHead);
  };

  it('finds the framing of the body', () => {
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\n')?.framing).toEqual({
      kind: 'length',
      length: 12,
    });
    expect(
      parse('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\nContent-Length: 3\r\n\r\n')
        ?.framing,
    ).toEqual({
      kind: 'chunked',
    });
    expect(parse('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n')?.framing).toEqual({
      kind: 'close',
    });
    expect(parse('HTTP/1.1 200 OK\r\n\r\n')?.framing).toEqual({ kind: 'close' });
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n', true)?.framing).toEqual({
      kind: 'none',
    });
    expect(parse('HTTP/1.1 204 No Content\r\n\r\n')?.framing).toEqual({ kind: 'none' });
    expect(parse('HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n')?.framing).toEqual({
      kind: 'none',
    });
  });

  it('passes 1xx on as interim answers and refuses what is not HTTP', () => {
    expect(parse('HTTP/1.1 103 Early Hints\r\nLink: </a>; rel=preload\r\n\r\n')).toMatchObject({
      isInterim: true,
      forwarded: 'HTTP/1.1 103 Early Hints\r\nLink: </a>; rel=preload',
    });
    expect(parse('HTTP/1.1 101 Switching Protocols\r\n\r\n')).toBeNull();
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n')).toBeNull();
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n')).toBeNull();
    expect(parse('HTTP/2 200\r\n\r\n')).toBeNull();
    expect(parse('HTTP/1.1 200 OK\r\nX: a\rb\r\n\r\n')).toBeNull();
  });

  it('drops hop-by-hop headers, keeps the chunked coding it passes on, and knows who closes', () => {
    const chunked = parse(
      'HTTP/1.1 200 OK\r\nConnection: close, X-Hop\r\nX-Hop: 1\r\nKeep-Alive: timeout=5\r\n' +
        'Transfer-Encoding: chunked\r\nContent-Disposition: attachment; filename="\u00e9.txt"\r\n\r\n',
    );
    expect(chunked?.forwarded).toBe(
      'HTTP/1.1 200 OK\r\nContent-Disposition: attachment; filename="\u00e9.txt"\r\nTransfer-Encoding: chunked',
    );
    expect(chunked?.upstreamCloses).toBe(true);
    expect(parse('HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\n')?.upstreamCloses).toBe(true);
    expect(
      parse('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 1\r\n\r\n')
        ?.upstreamCloses,
    ).toBe(false);
  });
});
