import { describe, expect, it } from 'vitest';
import { GENERATOR_COUNT_MAX, PROXY_LIST_ERROR_KEYS, generatorSchema } from '@proxy/contract';
import {
  FORMAT_OPTIONS,
  GENERATOR_DEFAULTS,
  cityOptions,
  citiesStillOffered,
  countryOptions,
  linesFile,
} from './generator-rules';

/** The first message per field of a generator form's values, as the form shows them. */
const fieldErrors = (values: Record<string, unknown>) => {
  const result = generatorSchema.safeParse({ ...GENERATOR_DEFAULTS, ...values });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

const LOCATIONS = [
  {
    iso2: 'DE',
    name: 'Germany',
    cities: [
      { code: 'berlin', name: 'Berlin' },
      { code: 'munich', name: 'Munich' },
    ],
  },
  { iso2: 'US', name: 'United States', cities: [{ code: 'new-york', name: 'New York' }] },
  { iso2: 'FR', name: 'France', cities: [] },
];

describe('generator form rules', () => {
  it('starts valid: rotating HTTP lines of any exit in the first format', () => {
    expect(fieldErrors({})).toEqual({});
    expect(generatorSchema.parse(GENERATOR_DEFAULTS)).toMatchObject({
      protocols: 'http',
      type: 'rotating',
      proxy_count: 10,
      format: 0,
    });
  });

  it('count: 1 to 99999, a whole number, as the form sends it (text)', () => {
    expect(fieldErrors({ proxy_count: '1' })).toEqual({});
    expect(fieldErrors({ proxy_count: String(GENERATOR_COUNT_MAX) })).toEqual({});
    for (const bad of ['0', String(GENERATOR_COUNT_MAX + 1), '2.5', '-3', 'ten'])
      expect(fieldErrors({ proxy_count: bad }).proxy_count, bad).toBe(
        PROXY_LIST_ERROR_KEYS.proxyCount,
      );
    expect(fieldErrors({ proxy_count: '' }).proxy_count).toBe('required_field');
  });

  it('sticky: lifetime at least 1, and lifetime x unit at most a day', () => {
    expect(fieldErrors({ type: 'sticky', lifetime: '0' }).lifetime).toBe(
      PROXY_LIST_ERROR_KEYS.lifetime,
    );
    expect(fieldErrors({ type: 'sticky', lifetime: '24', timespan: '3600' })).toEqual({});
    expect(fieldErrors({ type: 'sticky', lifetime: '25', timespan: '3600' }).lifetime).toBe(
      PROXY_LIST_ERROR_KEYS.lifetimeMax,
    );
    expect(fieldErrors({ type: 'sticky', lifetime: '2', timespan: '86400' }).lifetime).toBe(
      PROXY_LIST_ERROR_KEYS.lifetimeMax,
    );
    // Rotating lines have no session: a long lifetime does not matter.
    expect(fieldErrors({ type: 'rotating', lifetime: '2', timespan: '86400' })).toEqual({});
  });

  it('only the units 60, 3600 and 86400 seconds', () => {
    expect(fieldErrors({ type: 'sticky', timespan: '120' }).timespan).toBe('invalid_value');
  });

  it('cities need their countries', () => {
    expect(fieldErrors({ cities: ['berlin'] }).cities).toBe(PROXY_LIST_ERROR_KEYS.cities);
    expect(fieldErrors({ countries: ['de'], cities: ['berlin'] })).toEqual({});
  });

  it('offers the cities of the ticked countries, naming the country when several are', () => {
    expect(countryOptions(LOCATIONS).map((o) => o.value)).toEqual(['DE', 'US', 'FR']);
    expect(cityOptions(LOCATIONS, [])).toEqual([]);
    expect(cityOptions(LOCATIONS, ['DE'])).toEqual([
      { value: 'berlin', label: 'Berlin' },
      { value: 'munich', label: 'Munich' },
    ]);
    expect(cityOptions(LOCATIONS, ['DE', 'US']).map((o) => o.label)).toEqual([
      'Berlin (Germany)',
      'Munich (Germany)',
      'New York (United States)',
    ]);
  });

  it('un-ticking a country drops its cities and keeps the others', () => {
    expect(citiesStillOffered(['berlin', 'new-york'], LOCATIONS, ['US'])).toEqual(['new-york']);
    expect(citiesStillOffered(['berlin'], LOCATIONS, [])).toEqual([]);
  });

  it("the formats are the spec's: 0 IP:PORT:USER:PASS, 1 USER:PASS@IP:PORT", () => {
    expect(FORMAT_OPTIONS).toEqual([
      { value: '0', label: 'IP:PORT:USER:PASS' },
      { value: '1', label: 'USER:PASS@IP:PORT' },
    ]);
  });

  it('files: txt one line each; csv a header and RFC 4180 fields with CRLF', () => {
    const lines = ['1.2.3.4:8080:user_c_de:pw', 'user:p,w@1.2.3.4:8080'];
    expect(linesFile(lines, 'txt', 'Proxy')).toBe(
      '1.2.3.4:8080:user_c_de:pw\nuser:p,w@1.2.3.4:8080\n',
    );
    expect(linesFile(lines, 'csv', 'Proxy')).toBe(
      'Proxy\r\n1.2.3.4:8080:user_c_de:pw\r\n"user:p,w@1.2.3.4:8080"\r\n',
    );
  });
});
