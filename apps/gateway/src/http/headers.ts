/**
 * Hop-by-hop headers (RFC 9110 7.6.1) and the proxy's own: they concern one connection and are
 * never passed on. Transfer-Encoding is re-done by Node on each side.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Bytes of a header block as sent on the wire: `name: value\r\n` each, then `\r\n`. */
export const headerBlockLength = (raw: readonly string[]): number => {
  let length = 2;
  for (let i = 0; i < raw.length; i += 1) length += (raw[i] as string).length + 2;
  return length;
};

/**
 * `rawHeaders` (name, value, name, value ...) without hop-by-hop headers and whatever the
 * Connection header names; `host`, when given, replaces the Host header (a proxy sends the
 * absolute URI's authority, RFC 9112 3.2.2).
 */
export const forwardableHeaders = (raw: readonly string[], host?: string): string[] => {
  let named: Set<string> | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() !== 'connection') continue;
    named ??= new Set();
    for (const token of (raw[i + 1] as string).split(',')) named.add(token.trim().toLowerCase());
  }
  const out: string[] = host === undefined ? [] : ['Host', host];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named?.has(lower)) continue;
    if (host !== undefined && lower === 'host') continue;
    out.push(name, raw[i + 1] as string);
  }
  return out;
};
