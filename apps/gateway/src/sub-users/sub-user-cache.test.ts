import { describe, expect, it } from 'vitest';
import { sealSecret, SECRET_PURPOSES } from '@proxy/db';
import { SubUserCache, type SubUserEntry, type SubUserRow } from './sub-user-cache.ts';

const KEY = Buffer.alloc(32, 7);
const seal = (password: string) => sealSecret(KEY, password, SECRET_PURPOSES.subUserPassword);

const row = (values: Partial<SubUserRow> = {}): SubUserRow => ({
  id: 1,
  package_id: 10,
  login: 'SubUser0123456789abc',
  password_encrypted: seal('first'),
  traffic_limit_bytes: null,
  expires_at: null,
  ...values,
});

const setup = () => {
  const events: string[] = [];
  const cache = new SubUserCache({
    dataKey: KEY,
    onRevoke: (subUser: SubUserEntry, reason) => events.push(`${subUser.id} ${reason}`),
    onLimitChanged: (subUser) => events.push(`${subUser.id} limit ${subUser.trafficLimitBytes}`),
    onError: (id) => events.push(`${id} error`),
  });
  return { cache, events };
};

describe('the sub-user cache', () => {
  it('authenticates by login and password, not after its expiry', () => {
    const { cache } = setup();
    const now = Date.now();
    cache.replaceAll([
      row(),
      row({ id: 2, login: 'Expiring0123456789ab', expires_at: new Date(now + 1000) }),
    ]);
    expect(cache.authenticate('SubUser0123456789abc', 'first', now)?.id).toBe(1);
    expect(cache.authenticate('SubUser0123456789abc', 'second', now)).toBeNull();
    expect(cache.authenticate('Expiring0123456789ab', 'first', now)?.id).toBe(2);
    expect(cache.authenticate('Expiring0123456789ab', 'first', now + 1000)).toBeNull();
  });

  it('keeps an unchanged row its object and tells each change what it takes away', () => {
    const { cache, events } = setup();
    const sealed = seal('first');
    cache.replaceAll([row({ password_encrypted: sealed })]);
    const first = cache.byId(1) as SubUserEntry;
    cache.replaceAll([row({ password_encrypted: sealed })]);
    expect(cache.byId(1)).toBe(first);
    expect(cache.isCurrent(first, Date.now())).toBe(true);

    cache.apply([1], [row({ password_encrypted: seal('second') })]);
    expect(events.pop()).toBe('1 credentials');
    expect(cache.isCurrent(first, Date.now())).toBe(false);
    cache.apply([1], [row({ password_encrypted: sealed })]);
    expect(events.pop()).toBe('1 credentials');
    // The same password sealed anew is no change of credentials.
    cache.apply([1], [row()]);
    expect(events).toEqual([]);
    cache.apply([1], [row({ traffic_limit_bytes: 1000, password_encrypted: sealed })]);
    expect(events.pop()).toBe('1 budget');
    cache.apply([1], [row({ traffic_limit_bytes: 2000, password_encrypted: sealed })]);
    expect(events.pop()).toBe('1 limit 2000');
    cache.apply([1], [row({ traffic_limit_bytes: null, password_encrypted: sealed })]);
    expect(events.pop()).toBe('1 budget');
    cache.apply([1], [row({ package_id: 11, password_encrypted: sealed })]);
    expect(events.pop()).toBe('1 inactive');
    cache.apply([1], []);
    expect(events.pop()).toBe('1 inactive');
    expect(cache.hasLogin('SubUser0123456789abc')).toBe(false);
  });

  it("drops the sub-users a package's reload no longer returns, and only that package's", () => {
    const { cache, events } = setup();
    cache.replaceAll([row(), row({ id: 2, login: 'Other01234567890abcd', package_id: 20 })]);
    cache.applyPackages([10], []);
    expect(events).toEqual(['1 inactive']);
    expect(cache.byId(2)).toBeDefined();
    cache.applyPackages([10], [row()]);
    expect(cache.authenticate('SubUser0123456789abc', 'first', Date.now())?.id).toBe(1);
  });

  it('leaves out a sub-user whose password does not open', () => {
    const { cache, events } = setup();
    cache.replaceAll([row({ password_encrypted: 'not sealed' })]);
    expect(cache.size).toBe(0);
    expect(events).toEqual(['1 error']);
  });
});
