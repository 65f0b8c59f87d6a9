import { describe, expect, it } from 'vitest';
import { parseConnectHead } from './connect-head.ts';

const head = (text: string) => Buffer.from(text, 'latin1');

describe('the CONNECT fast path head', () => {
  it('reads the target, the first Proxy-Authorization and where the early bytes start', () => {
    const text =
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n' +
      'proxy-AUTHORIZATION:  Basic abc=  \r\nProxy-Authorization: Basic other\r\n\r\n';
    expect(parseConnectHead(head(`${text}\x16\x03\x01`), 8192)).toEqual({
      target: 'example.com:443',
      authorization: 'Basic abc=',
      length: text.length,
    });
    expect(parseConnectHead(head('CONNECT [::1]:8443 HTTP/1.0\r\n\r\n'), 8192)).toEqual({
      target: '[::1]:8443',
      authorization: undefined,
      length: 31,
    });
  });

  it("leaves everything unusual to Node's parser", () => {
    const cases = [
      'GET http://example.com/ HTTP/1.1\r\n\r\n',
      'connect example.com:443 HTTP/1.1\r\n\r\n',
      // Not complete in this chunk.
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com',
      'CONNECT example.com:443 HTTP/2.0\r\n\r\n',
      'CONNECT  HTTP/1.1\r\n\r\n',
      'CONNECT a b:443 HTTP/1.1\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\nHost: x\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: x\ry\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nX-Name: caf\xe9\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nX-Name:\ttab\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nno colon\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nBad Name: x\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello',
      'CONNECT example.com:443 HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n',
    ];
    for (const text of cases) expect(parseConnectHead(head(text), 8192), text).toBeNull();
    // Over the size limit: Node's parser answers 431.
    const big = `CONNECT example.com:443 HTTP/1.1\r\nX-Big: ${'a'.repeat(200)}\r\n\r\n`;
    expect(parseConnectHead(head(big), 100)).toBeNull();
    expect(parseConnectHead(head(big), big.length)).not.toBeNull();
  });
});
