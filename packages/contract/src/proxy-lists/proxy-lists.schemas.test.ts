import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEFAULT_SESSION_TTL_SECONDS, ISO_COUNTRY_CODES } from '../proxy/targeting.constants.ts';
import { COUNTRY_CONTINENTS } from './continents.ts';
import { PROXY_LIST_ERROR_KEYS as KEYS, presetCountries } from './proxy-lists.constants.ts';
import { createProxyListSchema, generatorSchema } from './proxy-lists.schemas.ts';

const loginList = {
  name: 'Shop1',
  proxy_link_format: 'ip',
  auth_type: 0,
  location_preset: 'world-mix',
  rotation_period: -1,
  proxy_format: 0,
  ports_count: 10,
};

/** The messages each field failed with. */
const errorsOf = (schema: z.ZodType, input: unknown): Record<string, string[]> => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
};

describe('proxy list create form', () => {
  it('takes a login list and an IP list, numbers as text too', () => {
    expect(createProxyListSchema.parse(loginList)).toMatchObject({
      name: 'Shop1',
      auth_type: 0,
      white_list: [],
      countries: [],
    });
    const ipList = createProxyListSchema.parse({
      ...loginList,
      auth_type: '1',
      ports_count: '5',
      white_list: '1.2.3.4, 5.6.7.8\n1.2.3.4',
      proxy_format: 2,
    });
    expect(ipList).toMatchObject({
      auth_type: 1,
      ports_count: 5,
      white_list: ['1.2.3.4', '5.6.7.8'],
    });
    // Letters of any script: a Cyrillic name is a name.
    expect(createProxyListSchema.parse({ ...loginList, name: 'Список2' }).name).toBe('Список2');
  });

  it('name: required, letters and digits only', () => {
    expect(errorsOf(createProxyListSchema, { ...loginList, name: '' }).name).toEqual([
      'required_field',
    ]);
    expect(errorsOf(createProxyListSchema, { ...loginList, name: 'my list' }).name).toEqual([
      KEYS.nameMatches,
    ]);
    expect(errorsOf(createProxyListSchema, { ...loginList, name: 'a_b' }).name).toEqual([
      KEYS.nameMatches,
    ]);
  });

  it('ports_count: number, integer, positive, at most 1000, required', () => {
    const ports = (value: unknown) =>
      errorsOf(createProxyListSchema, { ...loginList, ports_count: value }).ports_count;
    expect(ports('abc')).toEqual([KEYS.numberPorts]);
    expect(ports(true)).toEqual([KEYS.numberPorts]);
    expect(ports(2.5)).toEqual([KEYS.integerPorts]);
    expect(ports(0)).toEqual([KEYS.positivePorts]);
    expect(ports(-3)).toEqual([KEYS.positivePorts]);
    expect(ports(1001)).toEqual([KEYS.maxPorts]);
    expect(ports(undefined)).toEqual(['required_field']);
    expect(ports(1000)).toBeUndefined();
    expect(ports(1)).toBeUndefined();
  });

  it('white_list: required for an IP list, each a valid IPv4 address', () => {
    const ip = { ...loginList, auth_type: 1 };
    expect(errorsOf(createProxyListSchema, ip).white_list).toEqual([KEYS.whiteList]);
    expect(errorsOf(createProxyListSchema, { ...ip, white_list: '1.2.3' }).white_list).toEqual([
      KEYS.whiteList,
    ]);
    expect(errorsOf(createProxyListSchema, { ...ip, white_list: '::1' }).white_list).toEqual([
      KEYS.whiteList,
    ]);
    // Shown together with other field errors.
    expect(Object.keys(errorsOf(createProxyListSchema, { ...ip, name: '' }))).toEqual([
      'name',
      'white_list',
    ]);
    // A login list drops a leftover whitelist.
    expect(createProxyListSchema.parse({ ...loginList, white_list: '1.2.3.4' }).white_list).toEqual(
      [],
    );
  });

  it("proxy_format is one of the auth type's options", () => {
    expect(errorsOf(createProxyListSchema, { ...loginList, proxy_format: 3 })).toEqual({});
    expect(
      errorsOf(createProxyListSchema, {
        ...loginList,
        auth_type: 1,
        white_list: '1.1.1.1',
        proxy_format: 3,
      }).proxy_format,
    ).toEqual(['invalid_value']);
  });

  it('locations: custom needs countries; region, city and isp need exactly one', () => {
    const custom = { ...loginList, location_preset: 'custom' };
    expect(errorsOf(createProxyListSchema, custom).countries).toEqual([KEYS.countries]);
    expect(
      createProxyListSchema.parse({ ...custom, countries: ['de', 'uk'], city: null }),
    ).toMatchObject({ countries: ['DE', 'GB'], city: null });
    expect(
      createProxyListSchema.parse({ ...custom, countries: ['DE'], city: 'Bad Homburg' }).city,
    ).toBe('bad-homburg');
    expect(
      errorsOf(createProxyListSchema, { ...custom, countries: ['DE', 'FR'], region: 'bavaria' })
        .region,
    ).toEqual([KEYS.regions]);
    expect(errorsOf(createProxyListSchema, { ...custom, countries: ['XX'] }).countries).toEqual([
      'invalid_value',
    ]);
    // A preset names no countries.
    expect(errorsOf(createProxyListSchema, { ...loginList, countries: ['DE'] }).countries).toEqual([
      KEYS.countries,
    ]);
    expect(errorsOf(createProxyListSchema, { ...loginList, rotation_period: 60 })).toEqual({
      rotation_period: ['invalid_value'],
    });
  });
});

describe('bodies that are not objects', () => {
  it('are validation errors, never exceptions', () => {
    for (const body of [null, 0, true, '', '\u0000', [], [1, 2], {}]) {
      expect(createProxyListSchema.safeParse(body).success).toBe(false);
      expect(generatorSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('generator form', () => {
  const sticky = {
    protocols: 'http',
    type: 'sticky',
    timespan: 60,
    lifetime: 10,
    proxy_count: 5,
    format: 0,
  };

  it('count 1 to 99999, lifetime at least 1, a session at most a day', () => {
    expect(generatorSchema.parse(sticky)).toMatchObject({ countries: [], cities: [] });
    const count = (value: unknown) =>
      errorsOf(generatorSchema, { ...sticky, proxy_count: value }).proxy_count;
    expect(count(0)).toEqual([KEYS.proxyCount]);
    expect(count(100_000)).toEqual([KEYS.proxyCount]);
    expect(count(99_999)).toBeUndefined();
    expect(errorsOf(generatorSchema, { ...sticky, lifetime: 0 }).lifetime).toEqual([KEYS.lifetime]);
    expect(
      errorsOf(generatorSchema, { ...sticky, timespan: 86_400, lifetime: 2 }).lifetime,
    ).toEqual([KEYS.lifetimeMax]);
    expect(errorsOf(generatorSchema, { ...sticky, timespan: 3600, lifetime: 24 })).toEqual({});
    expect(errorsOf(generatorSchema, { ...sticky, format: 2 }).format).toEqual(['invalid_value']);
    expect(errorsOf(generatorSchema, { ...sticky, timespan: 30 }).timespan).toEqual([
      'invalid_value',
    ]);
    expect(errorsOf(generatorSchema, { ...sticky, cities: ['berlin'] }).cities).toEqual([
      KEYS.cities,
    ]);
  });

  it('a sticky request naming no lifetime lives as long as the gateway keeps a session', () => {
    const { lifetime: _lifetime, timespan: _timespan, ...unnamed } = sticky;
    const parsed = generatorSchema.parse(unnamed);
    expect(parsed.lifetime * parsed.timespan).toBe(DEFAULT_SESSION_TTL_SECONDS);
  });
});

describe('location presets', () => {
  it('every ISO code has a continent; presets pick the served countries of theirs', () => {
    expect(Object.keys(COUNTRY_CONTINENTS).sort()).toEqual([...ISO_COUNTRY_CODES].sort());
    const served = ['US', 'DE', 'JP', 'BR', 'FR', 'DE'];
    expect(presetCountries('world-mix', served)).toEqual(['BR', 'DE', 'FR', 'JP', 'US']);
    expect(presetCountries('europe', served)).toEqual(['DE', 'FR']);
    expect(presetCountries('north-america', served)).toEqual(['US']);
    expect(presetCountries('oceania', served)).toEqual([]);
    expect(presetCountries('custom', served)).toEqual([]);
  });
});
