import { describe, expect, it } from 'vitest';
import { LIST_LOGIN_LENGTH } from '@proxy/contract';
import { changeLevel, changePreset, randomListLogin, singleCountry } from './list-form';

const chosen = { countries: ['DE'], region: 'berlin', city: 'berlin', isp: 'Telekom' };

describe('the location cascade', () => {
  it('clears every level below the one that changes', () => {
    expect(changeLevel(chosen, 'countries', ['DE', 'FR'])).toEqual({
      countries: ['DE', 'FR'],
      region: null,
      city: null,
      isp: null,
    });
    expect(changeLevel(chosen, 'region', 'bavaria')).toEqual({
      countries: ['DE'],
      region: 'bavaria',
      city: null,
      isp: null,
    });
    expect(changeLevel(chosen, 'city', 'munich')).toEqual({
      ...chosen,
      city: 'munich',
      isp: null,
    });
    expect(changeLevel(chosen, 'isp', null)).toEqual({ ...chosen, isp: null });
  });

  it('a preset other than custom clears country, region, city and ISP; custom keeps them', () => {
    expect(changePreset(chosen, 'europe')).toEqual({
      countries: [],
      region: null,
      city: null,
      isp: null,
    });
    expect(changePreset(chosen, 'world-mix').countries).toEqual([]);
    expect(changePreset(chosen, 'custom')).toEqual(chosen);
  });

  it('offers region, city and ISP only for exactly one country', () => {
    expect(singleCountry(['DE'])).toBe('DE');
    expect(singleCountry([])).toBeNull();
    expect(singleCountry(['DE', 'FR'])).toBeNull();
  });
});

describe('randomListLogin', () => {
  it('is 20 letters and digits, different each time', () => {
    const logins = Array.from({ length: 50 }, () => randomListLogin());
    for (const login of logins) expect(login).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(LIST_LOGIN_LENGTH).toBe(20);
    expect(new Set(logins).size).toBe(50);
  });
});
