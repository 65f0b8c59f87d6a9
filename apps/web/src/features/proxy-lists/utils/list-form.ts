import {
  AUTH_TYPES,
  LIST_LOGIN_LENGTH,
  PROXY_LINK_FORMATS,
  ROTATION_PERIODS,
  type AuthType,
  type LocationPreset,
} from '@proxy/contract';

/** The create form's values as the inputs hold them (the contract schema parses them). */
export type ListFormValues = {
  name: string;
  location_preset: LocationPreset;
  countries: string[];
  region: string | null;
  city: string | null;
  isp: string | null;
  auth_type: AuthType;
  login: string;
  white_list: string;
  rotation_period: number;
  proxy_link_format: (typeof PROXY_LINK_FORMATS)[number];
  proxy_format: number;
  ports_count: string;
};

/** The custom location's levels, top to bottom. */
export const LOCATION_LEVELS = ['countries', 'region', 'city', 'isp'] as const;
export type LocationLevel = (typeof LOCATION_LEVELS)[number];

type LocationValues = Pick<ListFormValues, LocationLevel>;
const EMPTY_LEVELS: LocationValues = { countries: [], region: null, city: null, isp: null };

/**
 * The location fields after a level changes (spec section 4): the level takes its value and
 * every level below it is cleared.
 */
export const changeLevel = <L extends LocationLevel>(
  current: LocationValues,
  level: L,
  value: LocationValues[L],
): LocationValues => {
  const index = LOCATION_LEVELS.indexOf(level);
  const next: LocationValues = {
    countries: current.countries,
    region: current.region,
    city: current.city,
    isp: current.isp,
    [level]: value,
  };
  for (const below of LOCATION_LEVELS.slice(index + 1))
    Object.assign(next, { [below]: EMPTY_LEVELS[below] });
  return next;
};

/** A preset other than custom clears country, region, city and ISP. */
export const changePreset = (current: LocationValues, preset: LocationPreset): LocationValues =>
  preset === 'custom'
    ? { countries: current.countries, region: current.region, city: current.city, isp: current.isp }
    : { ...EMPTY_LEVELS };

/** Region, city and ISP are offered only when exactly one country is chosen. */
export const singleCountry = (countries: readonly string[]): string | null =>
  countries.length === 1 ? (countries[0] ?? null) : null;

const LOGIN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The read-only login preview of a login list: 20 random letters and digits. */
export const randomListLogin = (length = LIST_LOGIN_LENGTH): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let login = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  const limit = 256 - (256 % LOGIN_ALPHABET.length);
  for (const byte of bytes) {
    if (byte >= limit) continue;
    login += LOGIN_ALPHABET[byte % LOGIN_ALPHABET.length];
    if (login.length === length) return login;
  }
  return login + randomListLogin(length - login.length);
};

export const defaultListFormValues = (): ListFormValues => ({
  name: '',
  location_preset: 'world-mix',
  ...EMPTY_LEVELS,
  auth_type: AUTH_TYPES.login,
  login: randomListLogin(),
  white_list: '',
  rotation_period: ROTATION_PERIODS[0],
  proxy_link_format: PROXY_LINK_FORMATS[0],
  proxy_format: 0,
  ports_count: '10',
});
