import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net from 'node:net';

/**
 * Addresses a customer must not reach through a direct exit: the gateway host itself and its
 * networks (the database, the API, cloud metadata at 169.254.169.254). Checked on the address
 * actually connected to, after DNS, so a name resolving to 127.0.0.1 is refused too.
 */
const PRIVATE_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const privateAddresses = new net.BlockList();
for (const [address, prefix, type] of PRIVATE_RANGES)
  privateAddresses.addSubnet(address, prefix, type);

export const isPrivateAddress = (address: string): boolean => {
  const family = net.isIP(address);
  return family !== 0 && privateAddresses.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/** Raised instead of connecting to a private address; `code` maps it to 403 / SOCKS 0x02. */
export class BlockedDestinationError extends Error {
  readonly code = 'EBLOCKED';
  constructor(address: string) {
    super(`destination ${address} is not allowed`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of direct exits' connections (exit-connect.ts): dns.lookup, minus private addresses unless allowed.
 * Handles both shapes Node asks for (one address, or `all` for happy eyeballs).
 */
export const createDestinationLookup =
  (allowPrivate: boolean) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, options.all ? [] : '', 0);
        return;
      }
      const allowed = allowPrivate
        ? addresses
        : addresses.filter((entry) => !isPrivateAddress(entry.address));
      const first = allowed[0];
      if (!first) {
        callback(new BlockedDestinationError(hostname), options.all ? [] : '', 0);
        return;
      }
      if (options.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };

export type DestinationLookup = ReturnType<typeof createDestinationLookup>;
