import { proxyUrl, targetedLogin, type Targeting } from '../proxy/proxy-endpoint.ts';
import type { ApiTools } from './statistics.schemas.ts';

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
