import net from 'node:net';

export type Destination = { host: string; port: number };
export type ForwardTarget = Destination & { authority: string; path: string };

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_-]{1,63})*\.?$/;

/** A DNS name as a destination may carry (letters, digits, `-`, `_`, dots). */
export const isHostName = (host: string): boolean => HOST_NAME.test(host);

/** `host:port` (IPv6 in brackets), as a CONNECT request line or an absolute URI carries it. */
export const parseAuthority = (
  authority: string,
  defaultPort: number | null,
): Destination | null => {
  let host: string;
  let portText: string | undefined;
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    if (close === -1) return null;
    host = authority.slice(1, close);
    if (!net.isIPv6(host)) return null;
    const rest = authority.slice(close + 1);
    if (rest.length > 0) {
      if (!rest.startsWith(':')) return null;
      portText = rest.slice(1);
    }
  } else {
    const colon = authority.lastIndexOf(':');
    host = colon === -1 ? authority : authority.slice(0, colon);
    portText = colon === -1 ? undefined : authority.slice(colon + 1);
    if (!net.isIPv4(host) && !isHostName(host)) return null;
  }
  let port: number;
  if (portText === undefined) {
    if (defaultPort === null) return null;
    port = defaultPort;
  } else {
    if (!/^[0-9]{1,5}$/.test(portText)) return null;
    port = Number(portText);
  }
  if (port < 1 || port > 65535) return null;
  return { host, port };
};

/**
 * `http://host[:port]/path?query` of a proxy request: the destination, the authority for the
 * Host header, and the path as sent (never re-encoded). Userinfo and other schemes are refused.
 */
export const parseAbsoluteHttpUrl = (url: string): ForwardTarget | null => {
  if (url.length < 8 || url.slice(0, 7).toLowerCase() !== 'http://') return null;
  // The authority ends at the first '/', '?' or '#' (one pass, no allocation).
  let end = 7;
  while (end < url.length) {
    const code = url.charCodeAt(end);
    if (code === 0x2f || code === 0x3f || code === 0x23) break;
    end += 1;
  }
  const authority = url.slice(7, end);
  if (authority.includes('@')) return null;
  const destination = parseAuthority(authority, 80);
  if (!destination) return null;
  let path = url.slice(end);
  const hash = path.indexOf('#');
  if (hash !== -1) path = path.slice(0, hash);
  if (path.length === 0) path = '/';
  else if (path.startsWith('?')) path = `/${path}`;
  return { ...destination, authority, path };
};
