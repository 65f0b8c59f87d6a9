import type { GENERATOR_TYPES } from '@proxy/contract';
import {
  ENDPOINT_FORMATS,
  GENERATOR_DEFAULT_LIFETIME,
  GENERATOR_DEFAULT_TIMESPAN,
  GENERATOR_PROTOCOLS,
  STICKY_ID_MIN,
  STICKY_ID_RANGE,
  generatorSchema,
  proxyEndpoint,
  type EndpointProtocol,
  type PackageConnection,
} from '@proxy/contract';

/**
 * The endpoint builder of a traffic package's panel: one ready proxy string from a protocol, a
 * served country and city, a rotating or sticky session and a format. The string is the
 * contract's proxyEndpoint (the login grammar the gateway parses); this file only turns the
 * form's state into its input.
 */

export type SessionKind = (typeof GENERATOR_TYPES)[number];

export type BuilderState = {
  protocol: EndpointProtocol;
  /** ISO 3166-1 alpha-2 of a served country; null for any exit. */
  country: string | null;
  /** A served city code of the country; null for any city. */
  city: string | null;
  session: SessionKind;
  /** The sticky session's id (6 digits, like the generator's). */
  sessionId: string;
  /** The lifetime as typed, in `timespan` units. */
  lifetime: string;
  timespan: number;
  /** An index of ENDPOINT_FORMATS. */
  format: number;
};

/** A new sticky session id: 100000..999999, the generator's range. */
export const newSessionId = (random: () => number = Math.random): string =>
  String(STICKY_ID_MIN + Math.floor(random() * STICKY_ID_RANGE));

export const builderDefaults = (sessionId: string): BuilderState => ({
  protocol: 'http',
  country: null,
  city: null,
  session: 'rotating',
  sessionId,
  lifetime: String(GENERATOR_DEFAULT_LIFETIME),
  timespan: GENERATOR_DEFAULT_TIMESPAN,
  format: 0,
});

/**
 * The i18n key of what is wrong with a sticky lifetime, or null: the generator's schema judges
 * it (a builder's session is a generated sticky line of one), so both keep one rule.
 */
export const lifetimeError = (state: BuilderState): string | null => {
  if (state.session !== 'sticky') return null;
  const checked = generatorSchema.safeParse({
    protocols: state.protocol,
    type: 'sticky',
    lifetime: state.lifetime,
    timespan: state.timespan,
    proxy_count: 1,
    format: 0,
  });
  if (checked.success) return null;
  return checked.error.issues.find((issue) => issue.path[0] === 'lifetime')?.message ?? null;
};

/** Where the gateway is and who the package logs in as (no SOCKS5 port: HTTP only). */
export type BuilderConnection = Pick<
  PackageConnection,
  'host' | 'port_http' | 'port_socks' | 'login' | 'password'
>;

/** The protocols the package's connection offers. */
export const builderProtocols = (connection: BuilderConnection): readonly EndpointProtocol[] =>
  connection.port_socks === null ? ['http'] : GENERATOR_PROTOCOLS;

/** The proxy string of the state, or null while the lifetime is invalid. */
export const builtEndpoint = (
  state: BuilderState,
  connection: BuilderConnection,
): string | null => {
  if (lifetimeError(state) !== null || !builderProtocols(connection).includes(state.protocol))
    return null;
  const isSticky = state.session === 'sticky';
  return proxyEndpoint({
    protocol: state.protocol,
    format: state.format,
    host: connection.host,
    httpPort: connection.port_http,
    socksPort: connection.port_socks ?? connection.port_http,
    login: connection.login,
    password: connection.password,
    targeting: {
      country: state.country,
      city: state.country ? state.city : null,
      session: isSticky ? state.sessionId : null,
      ttlSeconds: isSticky ? Number(state.lifetime) * state.timespan : null,
    },
  });
};

/** The formats as the builder lists them: the URL one names the chosen protocol. */
export const formatOptions = (protocol: EndpointProtocol) =>
  ENDPOINT_FORMATS.map((format, index) => ({
    value: String(index),
    label: format.replace('PROTOCOL', protocol).replace('HOST', 'IP'),
  }));
