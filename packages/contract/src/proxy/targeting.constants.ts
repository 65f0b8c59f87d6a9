/**
 * The proxy login's targeting suffixes (spec: API tools page and generator): the gateway parses
 * them, the cabinet builds them. `{login}_c_{ISO2}`, `{login}_c_{ISO2}_city_{name}` (spaces as
 * `-`), `{login}_s_{session}`, `_ttl_{n}{s|m|h}` after a session; any order, each once.
 */
export const TARGETING_KEYS = { country: 'c', city: 'city', session: 's', ttl: 'ttl' } as const;

/** Officially assigned ISO 3166-1 alpha-2 codes (249). */
// prettier-ignore
export const ISO_COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof ISO_COUNTRY_CODES)[number];

/** Codes customers type that ISO reserves for another code ("uk" for the United Kingdom). */
export const COUNTRY_CODE_ALIASES: Readonly<Record<string, CountryCode>> = { UK: 'GB' };

/** A city is written lowercase with `-` for spaces: letters (any script), digits, inner `-`. */
export const TARGETING_CITY_MAX_LENGTH = 64;
/** Session ids are alphanumeric (the generator makes 6-digit numbers). */
export const TARGETING_SESSION_MAX_LENGTH = 64;
export const TARGETING_LOGIN_MAX_LENGTH = 64;
/** ttl units in seconds. */
export const TARGETING_TTL_UNITS = { s: 1, m: 60, h: 3600 } as const;
/** A sticky session lasts this long when the login names no ttl. */
export const DEFAULT_SESSION_TTL_SECONDS = 600;
/** Longest sticky session (the generator's largest timespan unit is a day). */
export const MAX_SESSION_TTL_SECONDS = 86_400;
