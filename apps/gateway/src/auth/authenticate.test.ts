import { describe, expect, it } from 'vitest';
import { RequestAuthenticator } from './authenticate.ts';
import { ListCache } from '../lists/list-cache.ts';
import { SubUserCache } from '../sub-users/sub-user-cache.ts';
import { CredentialCache, type PackageRow } from './credential-cache.ts';

const row = (password: string, expiresAt: Date | null = null): PackageRow => ({
  id: 7,
  user_id: 1,
  type: 'unlim',
  login: 'AbCdEfGhIj0123456789',
  password_encrypted: null,
  legacy_password: password,
  expires_at: expiresAt,
  traffic_limit_bytes: null,
  speed_limit: null,
  ips: [],
  auth_ip: null,
  socks: false,
  location_country: null,
  location_city: null,
});

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

const setup = () => {
  const cache = new CredentialCache({
    dataKey: Buffer.alloc(32),
    onRevoke: () => {},
    onError: () => {},
  });
  cache.replaceAll([row('first-password')]);
  const lists = new ListCache({ onRevoke: () => {}, onApplied: () => {} });
  const subUsers = new SubUserCache({
    dataKey: Buffer.alloc(32),
    onRevoke: () => {},
    onLimitChanged: () => {},
    onError: () => {},
  });
  return { cache, authenticator: new RequestAuthenticator({ cache, lists, subUsers }) };
};

describe('per-request authentication with remembered headers', () => {
  it('answers a header seen on another connection with the same package, without a new check', () => {
    const { cache, authenticator } = setup();
    const header = basic('AbCdEfGhIj0123456789_c_de', 'first-password');
    const first = authenticator.authenticate({}, header, Date.now());
    expect(first?.entry.id).toBe(7);
    expect(first?.targeting.country).toBe('DE');
    let checks = 0;
    const check = cache.authenticate.bind(cache);
    cache.authenticate = (...args) => {
      checks += 1;
      return check(...args);
    };
    expect(authenticator.authenticate({}, header, Date.now())).toBe(first);
    expect(checks).toBe(0);
    // Another header (other targeting) is checked from scratch.
    const other = authenticator.authenticate(
      {},
      basic('AbCdEfGhIj0123456789', 'first-password'),
      Date.now(),
    );
    expect(other?.targeting.country).toBeNull();
    expect(checks).toBe(1);
  });

  it('forgets a remembered header once the package changes or expires, and never remembers failures', () => {
    const { cache, authenticator } = setup();
    const header = basic('AbCdEfGhIj0123456789', 'first-password');
    expect(authenticator.authenticate({}, header, Date.now())).not.toBeNull();
    cache.replaceAll([row('second-password')]);
    expect(authenticator.authenticate({}, header, Date.now())).toBeNull();
    const next = basic('AbCdEfGhIj0123456789', 'second-password');
    expect(authenticator.authenticate({}, next, Date.now())).not.toBeNull();

    const expiresAt = Date.now() + 60_000;
    cache.replaceAll([row('second-password', new Date(expiresAt))]);
    expect(authenticator.authenticate({}, next, expiresAt - 1)).not.toBeNull();
    expect(authenticator.authenticate({}, next, expiresAt)).toBeNull();

    const wrong = basic('AbCdEfGhIj0123456789', 'wrong');
    expect(authenticator.authenticate({}, wrong, Date.now())).toBeNull();
    cache.replaceAll([row('wrong')]);
    expect(authenticator.authenticate({}, wrong, Date.now())).not.toBeNull();
  });
});
