import type { GENERATOR_PROTOCOLS } from '../proxy-lists/proxy-lists.constants.ts';
import { TARGETING_KEYS } from './targeting.constants.ts';

/**
 * Proxy strings as the gateway takes them, built in one place: the API's proxy lists and
 * generator, the API tools page's examples and the cabinet's endpoint builder all print through
 * these, so no second version of the login grammar (apps/gateway/src/auth/targeting.ts parses
 * it) exists anywhere.
 */

export type Targeting = {
  country?: string | null;
  city?: string | null;
  session?: string | null;
  /** A sticky session's life in seconds; only with a session, else the gateway's default. */
  ttlSeconds?: number | null;
};

/** A session's life as the login grammar writes it: whole hours, else minutes, else seconds. */
export const ttlSuffix = (seconds: number): string => {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
};

/**
 * The login with the gateway's targeting suffixes (decision 091): `_c_{iso2}`, then
 * `_city_{name}` right after its country, then `_s_{session}` and its `_ttl_{n}{s|m|h}`.
 */
export const targetedLogin = (
  login: string,
  { country, city, session, ttlSeconds }: Targeting,
): string => {
  let text = login;
  if (country) {
    text += `_${TARGETING_KEYS.country}_${country.toLowerCase()}`;
    if (city) text += `_${TARGETING_KEYS.city}_${city}`;
  }
  if (session) {
    text += `_${TARGETING_KEYS.session}_${session}`;
    if (ttlSeconds) text += `_${TARGETING_KEYS.ttl}_${ttlSuffix(ttlSeconds)}`;
  }
  return text;
};

export type LineParts = { host: string; port: number; user: string; pass: string };
const TOKEN = /HOST|PORT|USER|PASS/g;

/** A format template (`USER:PASS@HOST:PORT`) filled in, each token once and literally. */
export const printLine = (template: string, parts: LineParts): string =>
  template.replace(TOKEN, (token) => {
    switch (token) {
      case 'HOST':
        return parts.host;
      case 'PORT':
        return String(parts.port);
      case 'USER':
        return parts.user;
      default:
        return parts.pass;
    }
  });

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

/**
 * The endpoint builder's formats (the value is the index): the generator's two line formats,
 * then the URL of the chosen protocol (`http://...` or `socks5://...`).
 */
export const ENDPOINT_FORMATS = [
  'HOST:PORT:USER:PASS',
  'USER:PASS@HOST:PORT',
  'PROTOCOL://USER:PASS@HOST:PORT',
] as const;
export type EndpointFormat = number;
export type EndpointProtocol = (typeof GENERATOR_PROTOCOLS)[number];

export type EndpointSpec = {
  protocol: EndpointProtocol;
  /** An index of ENDPOINT_FORMATS. */
  format: EndpointFormat;
  /** The gateway's public host and ports, and the package's credentials. */
  host: string;
  httpPort: number;
  socksPort: number;
  login: string;
  password: string;
  targeting: Targeting;
};

/**
 * One ready proxy string: the package's login with its targeting, on the port of the protocol
 * (the gateway speaks HTTP and SOCKS5 on ports of their own), in the chosen format.
 */
export const proxyEndpoint = (spec: EndpointSpec): string => {
  const user = targetedLogin(spec.login, spec.targeting);
  const port = spec.protocol === 'socks5' ? spec.socksPort : spec.httpPort;
  const template = ENDPOINT_FORMATS[spec.format] ?? ENDPOINT_FORMATS[0];
  if (template.startsWith('PROTOCOL://'))
    return proxyUrl(spec.protocol, user, spec.password, spec.host, port);
  return printLine(template, { host: spec.host, port, user, pass: spec.password });
};
