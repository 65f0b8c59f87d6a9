import { describe, expect, it } from 'vitest';
import { normalizeCity, parseProxyUsername } from './targeting.ts';

const LOGIN = 'AbCdEfGhIj0123456789';

describe('proxy username targeting grammar', () => {
  it('reads a bare login as untargeted', () => {
    expect(parseProxyUsername(LOGIN)).toEqual({
      login: LOGIN,
      country: null,
      city: null,
      session: null,
      sessionTtlMs: 0,
    });
  });

  it('reads country, city, session and ttl in any order', () => {
    expect(parseProxyUsername(`${LOGIN}_c_us`)).toMatchObject({ country: 'US', city: null });
    expect(parseProxyUsername(`${LOGIN}_c_DE_city_berlin`)).toMatchObject({
      country: 'DE',
      city: 'berlin',
    });
    expect(parseProxyUsername(`${LOGIN}_c_us_city_New-York_s_123456`)).toMatchObject({
      country: 'US',
      city: 'new-york',
      session: '123456',
      sessionTtlMs: 600_000,
    });
    expect(parseProxyUsername(`${LOGIN}_s_abc_ttl_30m_c_fr`)).toMatchObject({
      country: 'FR',
      session: 'abc',
      sessionTtlMs: 1_800_000,
    });
    expect(parseProxyUsername(`${LOGIN}_ttl_45s_s_9`)).toMatchObject({
      session: '9',
      sessionTtlMs: 45_000,
    });
    expect(parseProxyUsername(`${LOGIN}_s_1_ttl_24h`)?.sessionTtlMs).toBe(86_400_000);
    expect(parseProxyUsername(`${LOGIN}_c_ru_city_санкт-петербург`)?.city).toBe('санкт-петербург');
  });

  it('takes uk for GB', () => {
    expect(parseProxyUsername(`${LOGIN}_c_uk`)?.country).toBe('GB');
  });

  /** Usernames the grammar refuses, by the part that is wrong. */
  const refused = {
    syntax: [
      ['empty', ''],
      ['trailing underscore', `${LOGIN}_`],
      ['double underscore', `${LOGIN}__c_us`],
      ['upper-case key', `${LOGIN}_C_us`],
      ['unknown suffix', `${LOGIN}_x_1`],
    ],
    login: [
      ['empty', '_c_us'],
      ['non-alphanumeric', 'ab-cd'],
    ],
    country: [
      ['unknown', `${LOGIN}_c_xx`],
      ['three letters', `${LOGIN}_c_usa`],
      ['without code', `${LOGIN}_c`],
      ['twice', `${LOGIN}_c_us_c_de`],
    ],
    city: [
      ['without country', `${LOGIN}_city_berlin`],
      ['after a session', `${LOGIN}_c_de_s_1_city_berlin`],
      ['without name', `${LOGIN}_c_de_city`],
      ['with a space', `${LOGIN}_c_us_city_new york`],
      ['with a leading dash', `${LOGIN}_c_us_city_-york`],
    ],
    session: [
      ['twice', `${LOGIN}_s_1_s_2`],
      ['with punctuation', `${LOGIN}_s_a.b`],
      ['too long', `${LOGIN}_s_${'1'.repeat(65)}`],
    ],
    ttl: [
      ['without session', `${LOGIN}_ttl_10m`],
      ['without unit', `${LOGIN}_s_1_ttl_10`],
      ['in days', `${LOGIN}_s_1_ttl_1d`],
      ['zero', `${LOGIN}_s_1_ttl_0s`],
      ['beyond a day', `${LOGIN}_s_1_ttl_25h`],
      ['twice', `${LOGIN}_s_1_ttl_1m_ttl_2m`],
    ],
  };
  describe.each(Object.entries(refused))('refuses a wrong %s', (_part, usernames) => {
    it.each(usernames)('%s', (_name, username) => {
      expect(parseProxyUsername(username)).toBeNull();
    });
  });

  it('normalizes declared city names like logins write them', () => {
    expect(normalizeCity('  New York ')).toBe('new-york');
  });
});
