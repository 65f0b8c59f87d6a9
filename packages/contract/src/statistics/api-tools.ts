import { TARGETING_KEYS } from '../proxy/targeting.constants.ts';
import type { ApiTools } from './statistics.schemas.ts';

export type Targeting = { country?: string | null; city?: string | null; session?: string | null };

/**
 * The login with the gateway's targeting suffixes (decision 091): `_c_{iso2}`, then
 * `_city_{name}` right after its country, then `_s_{session}`.
 */
export const targetedLogin = (login: string, { country, city, session }: Targeting): string => {
  let text = login;
  if (country) {
    text += `_${TARGETING_KEYS.country}_${country.toLowerCase()}`;
    if (city) text += `_${TARGETING_KEYS.city}_${city}`;
  }
  if (session) text += `_${TARGETING_KEYS.session}_${session}`;
  return text;
};

const hostPart = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** `scheme://login:password@host:port`, the form curl's -x and most clients take. */
export const proxyUrl = (
  scheme: 'http' | 'socks5' | 'socks5h',
  login: string,
  password: string,
  host: string,
  port: number,
): string =>
  `${scheme}://${encodeURIComponent(login)}:${encodeURIComponent(password)}@${hostPart(host)}:${port}`;

/** A word for a POSIX shell, single-quoted. */
const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

export const CURL_EXAMPLE_KEYS = [
  'plain',
  'country',
  'city',
  'session',
  'country_session',
  'city_session',
  'socks5',
] as const;
export type CurlExampleKey = (typeof CURL_EXAMPLE_KEYS)[number];
export type CurlExample = { key: CurlExampleKey; login: string; command: string };

/**
 * The API tools page's curl examples, as printed (a test runs them against a gateway). The
 * country and city examples use the place the gateway has an exit for (`tools.sample`); without
 * one they are left out. `session` is the sticky session id the examples use.
 */
export const curlExamples = (tools: ApiTools, session: string): CurlExample[] => {
  const country = tools.sample?.country ?? null;
  const city = tools.sample?.city ?? null;
  const targetings: [CurlExampleKey, Targeting | null][] = [
    ['plain', {}],
    ['country', country ? { country } : null],
    ['city', country && city ? { country, city } : null],
    ['session', { session }],
    ['country_session', country ? { country, session } : null],
    ['city_session', country && city ? { country, city, session } : null],
  ];
  const http = targetings.flatMap(([key, targeting]) => {
    if (!targeting) return [];
    const login = targetedLogin(tools.login, targeting);
    const url = proxyUrl('http', login, tools.password, tools.host, tools.port);
    return [{ key, login, command: `curl -x ${shellQuote(url)} ${shellQuote(tools.check_url)}` }];
  });
  if (tools.socks5_url === null) return http;
  return [
    ...http,
    {
      key: 'socks5',
      login: tools.login,
      command: `curl -x ${shellQuote(tools.socks5_url)} ${shellQuote(tools.check_url)}`,
    },
  ];
};
