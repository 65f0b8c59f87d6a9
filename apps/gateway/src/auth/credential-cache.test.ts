import { describe, expect, it } from 'vitest';
import { CredentialCache, type PackageRow } from './credential-cache.ts';

const ispRow = (id: number, ips: string[], expiresAt: Date | null = null): PackageRow => ({
  id,
  user_id: 1,
  type: 'isp',
  login: `login${id}`,
  password_encrypted: null,
  legacy_password: 'password',
  expires_at: expiresAt,
  traffic_limit_bytes: null,
  speed_limit: null,
  ips,
  auth_ip: null,
  socks: false,
  location_country: null,
  location_city: null,
});

const setup = () => {
  let changes = 0;
  const cache = new CredentialCache({
    dataKey: Buffer.alloc(32),
    onRevoke: () => {},
    onError: () => {},
    onIspAddressesChanged: () => (changes += 1),
  });
  return { cache, changes: () => changes };
};

describe("the credential cache's ISP addresses", () => {
  it('knows who holds which address, and says when the held set changes', () => {
    const { cache, changes } = setup();
    const now = Date.now();
    cache.replaceAll([
      ispRow(1, ['127.0.5.1', '127.0.5.2']),
      { ...ispRow(2, ['127.0.5.3']), type: 'dynamic' },
    ]);
    expect(changes()).toBe(1);
    const one = cache.byId(1);
    expect(one && cache.holdsAddress(one, '127.0.5.2')).toBe(true);
    expect(cache.isIspAddress('127.0.5.1')).toBe(true);
    // Another family's `ips` are no ISP addresses.
    expect(cache.isIspAddress('127.0.5.3')).toBe(false);
    expect(cache.heldIspAddresses(now).addresses).toEqual(new Set(['127.0.5.1', '127.0.5.2']));

    // A change that leaves the addresses and their expiry alone is not announced.
    cache.apply([1], [{ ...ispRow(1, ['127.0.5.1', '127.0.5.2']), legacy_password: 'other' }]);
    expect(changes()).toBe(1);
    // A swap is.
    cache.apply([1], [ispRow(1, ['127.0.5.1', '127.0.5.9'])]);
    expect(changes()).toBe(2);
    expect(cache.isIspAddress('127.0.5.2')).toBe(false);
    // So is a package gone.
    cache.apply([1], []);
    expect(changes()).toBe(3);
    expect(cache.hasIspAddresses).toBe(false);
  });

  it('leaves expired holders out of the held set and says when the next one expires', () => {
    const { cache } = setup();
    const now = Date.now();
    cache.replaceAll([
      ispRow(1, ['127.0.5.1'], new Date(now + 1_000)),
      ispRow(2, ['127.0.5.2'], new Date(now + 5_000)),
      ispRow(3, ['127.0.5.3']),
    ]);
    expect(cache.heldIspAddresses(now)).toEqual({
      addresses: new Set(['127.0.5.1', '127.0.5.2', '127.0.5.3']),
      nextExpiryMs: now + 1_000,
    });
    expect(cache.heldIspAddresses(now + 1_000)).toEqual({
      addresses: new Set(['127.0.5.2', '127.0.5.3']),
      nextExpiryMs: now + 5_000,
    });
  });

  it('keys IPv6 addresses as sockets report them', () => {
    const { cache } = setup();
    cache.replaceAll([ispRow(1, ['2001:DB8:0:0::1'])]);
    expect(cache.isIspAddress('2001:db8::1')).toBe(true);
  });
});
