/** What the fast paths (CONNECT, forwarding) share to read a head they parse themselves. */

export const HEAD_END = Buffer.from('\r\n\r\n');
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The lines of a head that ends at `end` (before its blank line) when every byte is printable
 * ASCII and every line ends in CRLF; null otherwise (the fast paths leave such a head to Node).
 */
export const plainHeadLines = (chunk: Buffer, end: number): string[] | null => {
  for (let i = 0; i < end; i += 1) {
    const byte = chunk[i] as number;
    if (byte === 0x0d) {
      if (chunk[i + 1] !== 0x0a) return null;
    } else if (byte === 0x0a) {
      if (chunk[i - 1] !== 0x0d) return null;
    } else if (byte < 0x20 || byte > 0x7e) return null;
  }
  return chunk.toString('latin1', 0, end).split('\r\n');
};

/**
 * The header lines of a head (its first line is the request or status line) as rawHeaders
 * (name, value, name, value...; values trimmed as Node trims them); null on a malformed line.
 */
export const splitHeaderLines = (lines: string[]): string[] | null => {
  const raw: string[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) return null;
    raw.push(name, line.slice(colon + 1).trim());
  }
  return raw;
};
