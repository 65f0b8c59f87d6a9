/**
 * ISP addresses come from per-country CIDR blocks in the catalogue. A country's `allocated`
 * counter is the cursor: the n-th IP ever sold is host n of the blocks in order (network and
 * broadcast addresses skipped), so a reservation of [from, from + count) is unique by
 * construction and needs no separate IP table.
 */
const parseIpv4 = (ip: string): number => {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    throw new Error(`Invalid IPv4 ${ip}`);
  return parts.reduce((acc, p) => acc * 256 + p, 0);
};

const formatIpv4 = (value: number): string =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

type Block = { first: number; hosts: number };

const parseBlock = (cidr: string): Block => {
  const [ip = '', bitsText = '32'] = cidr.split('/');
  const bits = Number(bitsText);
  if (!Number.isInteger(bits) || bits < 8 || bits > 30) throw new Error(`Invalid CIDR ${cidr}`);
  const size = 2 ** (32 - bits);
  const network = Math.floor(parseIpv4(ip) / size) * size;
  return { first: network + 1, hosts: size - 2 };
};

export const poolSize = (pool: readonly string[]): number =>
  pool.reduce((sum, cidr) => sum + parseBlock(cidr).hosts, 0);

/** The IPs at positions [from, from + count) of the pool. */
export const ipsFromPool = (pool: readonly string[], from: number, count: number): string[] => {
  const out: string[] = [];
  let index = from;
  for (const cidr of pool) {
    const block = parseBlock(cidr);
    while (out.length < count && index < block.hosts) {
      out.push(formatIpv4(block.first + index));
      index += 1;
    }
    if (out.length === count) return out;
    index -= block.hosts;
    if (index < 0) index = 0;
  }
  if (out.length < count) throw new Error('IP pool exhausted');
  return out;
};
