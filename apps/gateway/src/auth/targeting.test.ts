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
      selector: null,
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

  it.each([
    ['empty', ''],
    ['empty login', '_c_us'],
    ['non-alphanumeric login', 'ab-cd'],
    ['unknown country', `${LOGIN}_c_xx`],
    ['three-letter country', `${LOGIN}_c_usa`],
    ['country without code', `${LOGIN}_c`],
    ['country twice', `${LOGIN}_c_us_c_de`],
    ['city without country', `${LOGIN}_city_berlin`],
    ['city after a session', `${LOGIN}_c_de_s_1_city_berlin`],
    ['city without name', `${LOGIN}_c_de_city`],
    ['city with a space', `${LOGIN}_c_us_city_new york`],
    ['city with a leading dash', `${LOGIN}_c_us_city_-york`],
    ['session twice', `${LOGIN}_s_1_s_2`],
    ['session with punctuation', `${LOGIN}_s_a.b`],
    ['session too long', `${LOGIN}_s_${'1'.repeat(65)}`],
    ['ttl without session', `${LOGIN}_ttl_10m`],
    ['ttl without unit', `${LOGIN}_s_1_ttl_10`],
    ['ttl in days', `${LOGIN}_s_1_ttl_1d`],
    ['ttl zero', `${LOGIN}_s_1_ttl_0s`],
    ['ttl beyond a day', `${LOGIN}_s_1_ttl_25h`],
    ['ttl twice', `${LOGIN}_s_1_ttl_1m_ttl_2m`],
    ['unknown suffix', `${LOGIN}_x_1`],
    ['trailing underscore', `${LOGIN}_`],
    ['double underscore', `${LOGIN}__c_us`],
    ['upper-case key', `${LOGIN}_C_us`],
  ])('refuses %s', (_name, username) => {
    expect(parseProxyUsername(username)).toBeNull();
  });

  it('normalizes declared city names like logins write them', () => {
    expect(normalizeCity('  New York ')).toBe('new-york');
  });
});
