import {
  COUNTRY_CODE_ALIASES,
  DEFAULT_SESSION_TTL_SECONDS,
  ISO_COUNTRY_CODES,
  MAX_SESSION_TTL_SECONDS,
  TARGETING_CITY_MAX_LENGTH,
  TARGETING_KEYS,
  TARGETING_LOGIN_MAX_LENGTH,
  TARGETING_SESSION_MAX_LENGTH,
  TARGETING_TTL_UNITS,
} from '@proxy/contract';
import type { ExitSelector } from '../exits/exit-table.ts';

/** What a proxy username asks for: the package's login and where the traffic should exit. */
export type Targeting = {
  login: string;
  /** ISO 3166-1 alpha-2, upper case; null = any exit. */
  country: string | null;
  /** Lower case, `-` for spaces; only with a country. */
  city: string | null;
  /** Sticky session id: the same exit for the session's life; null = no stickiness. */
  session: string | null;
  /** The session's life in ms (0 without a session; Infinity: while the exit stays up). */
  sessionTtlMs: number;
  /**
   * A proxy list's stored location (decision 130), which decides the exits instead of `country`
   * and `city`; null for logins with suffixes.
   */
  selector: ExitSelector | null;
};

const COUNTRIES: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
const LOGIN = /^[A-Za-z0-9]+$/;
const SESSION = /^[A-Za-z0-9]+$/;
const CITY = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;
const TTL = /^([1-9][0-9]{0,5})([smh])$/;

/** A country code as the grammar accepts it (any case, `uk` for GB), or null. */
export const normalizeCountry = (code: string): string | null => {
  const upper = code.toUpperCase();
  if (COUNTRIES.has(upper)) return upper;
  return COUNTRY_CODE_ALIASES[upper] ?? null;
};

/** A city as exits declare it and logins name it: lower case, `-` for spaces. */
export const normalizeCity = (name: string): string =>
  name.trim().toLowerCase().replace(/\s+/g, '-');

/**
 * Parses `{login}[_c_{ISO2}[_city_{name}]][_s_{id}][_ttl_{n}{s|m|h}]` (suffixes in any order,
 * each at most once; a city only right after its country; a ttl only with a session). Returns
 * null for anything else: the gateway refuses a malformed login like a wrong password.
 */
export const parseProxyUsername = (username: string): Targeting | null => {
  const parts = username.split('_');
  const login = parts[0] ?? '';
  if (login.length === 0 || login.length > TARGETING_LOGIN_MAX_LENGTH || !LOGIN.test(login))
    return null;
  let country: string | null = null;
  let city: string | null = null;
  let session: string | null = null;
  let ttlSeconds: number | null = null;
  let index = 1;
  while (index < parts.length) {
    const key = parts[index];
    const value = parts[index + 1];
    if (value === undefined || value.length === 0) return null;
    index += 2;
    switch (key) {
      case TARGETING_KEYS.country: {
        if (country !== null) return null;
        country = normalizeCountry(value);
        if (country === null) return null;
        if (parts[index] === TARGETING_KEYS.city) {
          const name = parts[index + 1];
          if (name === undefined || name.length > TARGETING_CITY_MAX_LENGTH || !CITY.test(name))
            return null;
          city = name.toLowerCase();
          index += 2;
        }
        break;
      }
      case TARGETING_KEYS.session:
        if (session !== null) return null;
        if (value.length > TARGETING_SESSION_MAX_LENGTH || !SESSION.test(value)) return null;
        session = value;
        break;
      case TARGETING_KEYS.ttl: {
        if (ttlSeconds !== null) return null;
        const match = TTL.exec(value);
        if (!match) return null;
        ttlSeconds =
          Number(match[1]) * TARGETING_TTL_UNITS[match[2] as keyof typeof TARGETING_TTL_UNITS];
        if (ttlSeconds > MAX_SESSION_TTL_SECONDS) return null;
        break;
      }
      default:
        // Unknown keys, and `city` anywhere but right after a country.
        return null;
    }
  }
  if (ttlSeconds !== null && session === null) return null;
  return {
    login,
    country,
    city,
    session,
    sessionTtlMs: session === null ? 0 : (ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS) * 1000,
    selector: null,
  };
};
