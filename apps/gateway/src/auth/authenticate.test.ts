import { describe, expect, it } from 'vitest';
import { sealSecret, SECRET_PURPOSES } from '@proxy/db';
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
  return { cache, subUsers, authenticator: new RequestAuthenticator({ cache, lists, subUsers }) };
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

  it("answers a sub-user's login with its package and the sub-user, until either changes", () => {
    const { cache, subUsers, authenticator } = setup();
    const traffic = { ...row('package-password'), type: 'vip' as const, traffic_limit_bytes: 1e9 };
    cache.replaceAll([traffic]);
    const subUserRow = {
      id: 70,
      package_id: 7,
      login: 'SubUser0123456789abc',
      password_encrypted: sealSecret(
        Buffer.alloc(32),
        'sub-password',
        SECRET_PURPOSES.subUserPassword,
      ),
      traffic_limit_bytes: null,
      expires_at: null,
    };
    subUsers.replaceAll([subUserRow]);
    const header = basic('SubUser0123456789abc_c_de_s_abc', 'sub-password');
    const first = authenticator.authenticate({}, header, Date.now());
    expect(first?.entry.id).toBe(7);
    expect(first?.subUser?.id).toBe(70);
    expect(first?.targeting).toMatchObject({ country: 'DE', session: 'abc' });
    expect(authenticator.authenticate({}, header, Date.now())).toBe(first);
    // The package's password is not the sub-user's, nor the other way round.
    expect(
      authenticator.authenticate({}, basic('SubUser0123456789abc', 'package-password'), Date.now()),
    ).toBeNull();
    expect(
      authenticator.authenticate({}, basic('AbCdEfGhIj0123456789', 'sub-password'), Date.now()),
    ).toBeNull();
    // A change to the package is a new entry: the remembered answer goes, a new one names it.
    cache.replaceAll([{ ...traffic, traffic_limit_bytes: 2e9 }]);
    const second = authenticator.authenticate({}, header, Date.now());
    expect(second).not.toBe(first);
    expect(second?.entry.trafficLimitBytes).toBe(2e9);
    // Its package gone, the sub-user is not let in (its reload drops it too).
    cache.replaceAll([]);
    expect(authenticator.authenticate({}, header, Date.now())).toBeNull();
    // Nor is one of a package that cannot have sub-users.
    cache.replaceAll([row('package-password')]);
    expect(authenticator.authenticate({}, header, Date.now())).toBeNull();
  });
});
