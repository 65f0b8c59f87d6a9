import { HEAD_END, plainHeadLines, splitHeaderLines } from './head-lines.ts';
import { forwardableHeaders } from './headers.ts';

/**
 * The heads the forwarding fast path (fast-forward.ts, decision 151) reads itself. It takes
 * only the ordinary request: `GET` or `HEAD` of an `http://` absolute URI in HTTP/1.1, no body,
 * no upgrade, no expectation, printable ASCII in CRLF lines. Everything else is left to Node's
 * HTTP server and the forwarding in http-proxy.ts, which answers it as before (400, 431, bodies,
 * uploads...): the fast path never accepts what Node would refuse.
 */
export type ForwardHead = {
  method: 'GET' | 'HEAD';
  url: string;
  /** The first Proxy-Authorization header's value, trimmed as Node trims it. */
  authorization: string | undefined;
  /** name, value, name, value... as sent (Node's rawHeaders shape). */
  rawHeaders: string[];
  /** The client asked to close the connection after this exchange. */
  wantsClose: boolean;
  /** Bytes of the head including its blank line. */
  length: number;
};

const METHODS = ['GET ', 'HEAD '] as const;
/** Request headers that take a request off the fast path (a body, an upgrade, 100-continue). */
const NOT_FAST = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect']);

/** Whether the bytes so far could still begin a fast-path request line. */
const couldStartFast = (buffer: Buffer) =>
  METHODS.some((method) => {
    const n = Math.min(buffer.length, method.length);
    return buffer.toString('latin1', 0, n) === method.slice(0, n);
  });

/** Whether a comma-separated header value (Connection) names `token`. */
const namesToken = (value: string, token: string) =>
  value
    .toLowerCase()
    .split(',')
    .some((part) => part.trim() === token);

/**
 * The fast-path request at the start of `buffer`; `'partial'` when its head has not all come
 * yet; null when the request is not for the fast path (hand it to Node).
 */
export const parseForwardHead = (
  buffer: Buffer,
  maxBytes: number,
): ForwardHead | 'partial' | null => {
  const end = buffer.indexOf(HEAD_END);
  if (end === -1) return buffer.length < maxBytes && couldStartFast(buffer) ? 'partial' : null;
  if (end + HEAD_END.length > maxBytes) return null;
  const lines = plainHeadLines(buffer, end);
  if (lines === null) return null;
  const [method, url, version, extra] = (lines[0] as string).split(' ');
  if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return null;
  if (version !== 'HTTP/1.1' || extra !== undefined) return null;
  const rawHeaders = splitHeaderLines(lines);
  if (rawHeaders === null) return null;
  let authorization: string | undefined;
  let wantsClose = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const lower = (rawHeaders[i] as string).toLowerCase();
    const value = rawHeaders[i + 1] as string;
    if (NOT_FAST.has(lower)) return null;
    if (lower === 'proxy-authorization') authorization ??= value;
    else if (lower === 'connection' && namesToken(value, 'close')) wantsClose = true;
  }
  return { method, url, authorization, rawHeaders, wantsClose, length: end + HEAD_END.length };
};

/** The request as the origin gets it: origin-form target, hop-by-hop headers gone, Host set. */
export const originRequestHead = (head: ForwardHead, path: string, authority: string): string => {
  const headers = forwardableHeaders(head.rawHeaders, authority);
  let text = `${head.method} ${path} HTTP/1.1\r\n`;
  for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${text}\r\n`;
};

/** How a response's body ends (RFC 9112 6.3). */
export type Framing =
  { kind: 'none' } | { kind: 'length'; length: number } | { kind: 'chunked' } | { kind: 'close' };

export type ResponseHead = {
  status: number;
  /** A 1xx answer: passed on as it came, the final answer follows. */
  isInterim: boolean;
  framing: Framing;
  /** The origin closes the connection after this answer (HTTP/1.0, Connection: close). */
  upstreamCloses: boolean;
  /** The head the client gets (hop-by-hop headers gone), without its last blank line. */
  forwarded: string;
  /** Bytes of the head as the origin sent it, blank line included. */
  length: number;
};

const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: ([^\r\n]*))?$/;

/**
 * The response head ending at `end` in `buffer` (the index of its blank line), or null when it
 * is malformed (the client gets a 502). Header values may carry any byte but CR, LF and NUL:
 * origins send UTF-8 in Content-Disposition, and it is passed on byte for byte (latin1).
 */
export const parseResponseHead = (
  buffer: Buffer,
  end: number,
  isHeadRequest: boolean,
): ResponseHead | null => {
  const text = buffer.toString('latin1', 0, end);
  if (/[\0]|\r(?!\n)|(?<!\r)\n/.test(text)) return null;
  const lines = text.split('\r\n');
  const status = STATUS_LINE.exec(lines[0] as string);
  if (!status) return null;
  const code = Number(status[2]);
  const rawHeaders = splitHeaderLines(lines);
  if (rawHeaders === null || code < 100 || code === 101) return null;
  const length = end + HEAD_END.length;
  if (code < 200)
    return {
      status: code,
      isInterim: true,
      framing: { kind: 'none' },
      upstreamCloses: false,
      forwarded: text,
      length,
    };
  let contentLength: string | undefined;
  let transferEncoding: string | undefined;
  let connection = '';
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const lower = (rawHeaders[i] as string).toLowerCase();
    const value = rawHeaders[i + 1] as string;
    if (lower === 'content-length') {
      if (contentLength !== undefined && contentLength !== value) return null;
      contentLength = value;
    } else if (lower === 'transfer-encoding')
      transferEncoding = transferEncoding === undefined ? value : `${transferEncoding}, ${value}`;
    else if (lower === 'connection') connection += `,${value}`;
  }
  let framing: Framing;
  if (isHeadRequest || code === 204 || code === 304) framing = { kind: 'none' };
  else if (transferEncoding !== undefined) {
    const codings = transferEncoding.toLowerCase().split(',');
    framing =
      codings[codings.length - 1]?.trim() === 'chunked' ? { kind: 'chunked' } : { kind: 'close' };
  } else if (contentLength !== undefined) {
    if (!/^\d{1,15}$/.test(contentLength)) return null;
    framing = { kind: 'length', length: Number(contentLength) };
  } else framing = { kind: 'close' };
  const upstreamCloses =
    namesToken(connection, 'close') || (status[1] === '0' && !namesToken(connection, 'keep-alive'));
  const headers = forwardableHeaders(rawHeaders);
  let forwarded = `HTTP/1.1 ${code} ${status[3] ?? ''}`;
  for (let i = 0; i < headers.length; i += 2) forwarded += `\r\n${headers[i]}: ${headers[i + 1]}`;
  // The body goes on as it came: its chunked coding stays (forwardableHeaders drops the header).
  if (framing.kind === 'chunked') forwarded += '\r\nTransfer-Encoding: chunked';
  return { status: code, isInterim: false, framing, upstreamCloses, forwarded, length };
};
