import { HEAD_END, plainHeadLines, splitHeaderLines } from './head-lines.ts';

/** What the CONNECT fast path needs from a request head. */
export type ConnectHead = {
  /** The request target, `host:port`, as sent (checked later like Node's `req.url`). */
  target: string;
  /** The first Proxy-Authorization header's value, trimmed as Node trims it. */
  authorization: string | undefined;
  /** Bytes of the head including its blank line: what follows is the client's early data. */
  length: number;
};

const PREFIX = 'CONNECT ';

/**
 * A complete, plain `CONNECT host:port HTTP/1.x` head at the start of the first chunk a client
 * sent, or null. Anything else (another method, a head split over chunks, a head larger than
 * `maxBytes`, bytes outside printable ASCII, folded lines, a body header, a malformed line) is
 * left to Node's HTTP parser, which answers it as before (400, 431, 408 ...): this only spares
 * the ordinary tunnel the parser's per-connection set-up, never accepts what Node would refuse.
 */
export const parseConnectHead = (chunk: Buffer, maxBytes: number): ConnectHead | null => {
  for (let i = 0; i < PREFIX.length; i += 1) if (chunk[i] !== PREFIX.charCodeAt(i)) return null;
  const end = chunk.indexOf(HEAD_END);
  if (end === -1 || end + HEAD_END.length > maxBytes) return null;
  const lines = plainHeadLines(chunk, end);
  if (lines === null) return null;
  const requestLine = lines[0] as string;
  const space = requestLine.indexOf(' ', PREFIX.length);
  if (space <= PREFIX.length) return null;
  const version = requestLine.slice(space);
  if (version !== ' HTTP/1.1' && version !== ' HTTP/1.0') return null;
  const rawHeaders = splitHeaderLines(lines);
  if (rawHeaders === null) return null;
  let authorization: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const lower = (rawHeaders[i] as string).toLowerCase();
    if (lower === 'content-length' || lower === 'transfer-encoding') return null;
    if (lower === 'proxy-authorization') authorization ??= rawHeaders[i + 1];
  }
  return {
    target: requestLine.slice(PREFIX.length, space),
    authorization,
    length: end + HEAD_END.length,
  };
};
