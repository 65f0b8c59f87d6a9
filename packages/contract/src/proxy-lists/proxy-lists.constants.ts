import type { PACKAGE_ROW_TYPES } from '../app/app.constants.ts';
import { DEFAULT_SESSION_TTL_SECONDS, type CountryCode } from '../proxy/targeting.constants.ts';
import { COUNTRY_CONTINENTS, PRESET_CONTINENTS } from './continents.ts';

type PackageRowType = (typeof PACKAGE_ROW_TYPES)[number];

/**
 * Proxy lists and the premium generator (spec 001 sections 3, 4, 5, 9; decision 116). A list's
 * lines each work through our gateway as printed: auth type 0 (login and password) lines are
 * sticky sessions `{list.login}_s_{i}` of the list's login on the shared gateway ports; auth
 * type 1 (IP list) lines are gateway ports of the list's own, open to its whitelist.
 */

/** Package families with proxy lists (the "Dynamic package data" panel: row type dynamic). */
export const PROXY_LIST_PACKAGE_TYPES = ['dynamic'] as const satisfies readonly PackageRowType[];
/** Package families with the generator: every traffic family that proxies by login. */
export const GENERATOR_PACKAGE_TYPES = [
  'dynamic',
  'vip',
  'unlim',
] as const satisfies readonly PackageRowType[];

export const AUTH_TYPES = { login: 0, ip: 1 } as const;
export type AuthType = (typeof AUTH_TYPES)[keyof typeof AUTH_TYPES];

export const LOCATION_PRESETS = ['custom', 'world-mix', ...PRESET_CONTINENTS] as const;
export type LocationPreset = (typeof LOCATION_PRESETS)[number];

/** Seconds an entry keeps its exit: -1 none (as long as the exit stays up), 0 every request. */
export const ROTATION_PERIODS = [-1, 0, 600, 900, 1200, 1800, 2400, 3000, 3600] as const;
export type RotationPeriod = (typeof ROTATION_PERIODS)[number];

/** The spec's one link format, "IP address only". */
export const PROXY_LINK_FORMATS = ['ip'] as const;

/**
 * How a list's line is printed, per auth type (the dynamic package data's proxy_formats: login
 * list, ip list); the value is the index. HOST is GATEWAY_PUBLIC_HOST; PORT the gateway's HTTP
 * port (SOCKS5 port for `socks5://` lines) for login lists, the entry's own port for IP lists
 * (which speak HTTP and SOCKS5 on the same port).
 */
export const PROXY_FORMATS = {
  login: [
    'HOST:PORT:USER:PASS',
    'USER:PASS@HOST:PORT',
    'http://USER:PASS@HOST:PORT',
    'socks5://USER:PASS@HOST:PORT',
  ],
  ip: ['HOST:PORT', 'http://HOST:PORT', 'socks5://HOST:PORT'],
} as const;

export type ProxyFormat = (typeof PROXY_FORMATS)[keyof typeof PROXY_FORMATS][number];

export const proxyFormatsOf = (authType: AuthType): readonly string[] =>
  authType === AUTH_TYPES.login ? PROXY_FORMATS.login : PROXY_FORMATS.ip;

export const PORTS_COUNT_MAX = 1000;
export const LIST_LOGIN_LENGTH = 20;
export const LIST_NAME_MAX_LENGTH = 64;
/** Addresses one IP list may whitelist. */
export const WHITE_LIST_MAX = 50;
/** Countries one custom list or one generation may name. */
export const LOCATION_COUNTRIES_MAX = 50;
export const GENERATOR_CITIES_MAX = 50;

/** Sort fields of a package's lists (the list modal). */
export const PROXY_LIST_SORT_FIELDS = ['created_at', 'name', 'ports_count', 'id'] as const;

/** Generator (spec section 9). */
export const GENERATOR_TYPES = ['rotating', 'sticky'] as const;
export const GENERATOR_PROTOCOLS = ['http', 'socks5'] as const;
export const GENERATOR_TIMESPANS = [60, 3600, 86_400] as const;
/**
 * What a sticky generation starts from: minutes, and as many as make the gateway's own default
 * session, 10 minutes, which is what proxy providers default to (decision 158).
 */
export const GENERATOR_DEFAULT_TIMESPAN = 60 satisfies (typeof GENERATOR_TIMESPANS)[number];
export const GENERATOR_DEFAULT_LIFETIME = DEFAULT_SESSION_TTL_SECONDS / GENERATOR_DEFAULT_TIMESPAN;
/** 0: IP:PORT:USER:PASS, 1: USER:PASS@IP:PORT (HOST is the gateway's public address). */
export const GENERATOR_LINE_FORMATS = ['HOST:PORT:USER:PASS', 'USER:PASS@HOST:PORT'] as const;
export const GENERATOR_FORMATS = [0, 1] as const;
export const GENERATOR_COUNT_MAX = 99_999;
/** Sticky session ids are 6-digit numbers: 100000..999999. */
export const STICKY_ID_MIN = 100_000;
export const STICKY_ID_MAX = 999_999;
export const STICKY_ID_RANGE = STICKY_ID_MAX - STICKY_ID_MIN + 1;

/**
 * Error keys of the create form and the generator (web namespace `packages`; the API's
 * translator reads it too).
 */
export const PROXY_LIST_ERROR_KEYS = {
  nameMatches: 'packages:proxy_create.errors.name_matches',
  numberPorts: 'packages:proxy_create.errors.number_ports',
  integerPorts: 'packages:proxy_create.errors.integer_ports',
  positivePorts: 'packages:proxy_create.errors.positive_ports',
  maxPorts: 'packages:proxy_create.errors.max_ports',
  whiteList: 'packages:proxy_create.errors.white_list',
  countries: 'packages:proxy_create.errors.countries_list',
  regions: 'packages:proxy_create.errors.regions_list',
  cities: 'packages:proxy_create.errors.cities_list',
  isps: 'packages:proxy_create.errors.isp_list',
  lifetimeMax: 'packages:generator.errors.lifetime_max',
  proxyCount: 'packages:generator.errors.proxy_count',
  lifetime: 'packages:generator.errors.lifetime',
} as const;

/**
 * The countries a preset stands for, out of the countries the active exits serve: world-mix
 * all of them, a continent preset those on its continent. The gateway and the API share it, so
 * a list follows the exits (a new exit in France joins every europe list at once). `custom`
 * is the list's own countries and answers the empty set here.
 */
export const presetCountries = (
  preset: LocationPreset,
  servedCountries: Iterable<string>,
): string[] => {
  if (preset === 'custom') return [];
  const served = [...new Set(servedCountries)].sort();
  if (preset === 'world-mix') return served;
  return served.filter((code) => COUNTRY_CONTINENTS[code as CountryCode] === preset);
};

/** "new-york" -> "New York": how the cabinet shows a place code. */
export const placeName = (code: string): string =>
  code
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
