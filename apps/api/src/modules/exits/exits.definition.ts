import { isIP } from 'node:net';
import { z } from 'zod';
import { COUNTRY_CODE_ALIASES, EXIT_POOLS, ISO_COUNTRY_CODES } from '@proxy/contract';
import { sealSecret, SECRET_PURPOSES } from '@proxy/db';

const COUNTRIES = new Set<string>(ISO_COUNTRY_CODES);

/** The bandwidth an exit is declared with unless the operator says (Mbit/s). */
export const DEFAULT_EXIT_CAPACITY_MBPS = 1000;

/**
 * One gateway exit as an operator writes it (the seed file, `exits:add`): a direct egress
 * (optionally from a local address) or an upstream proxy URL, with the country and city it is
 * declared in, the pools it serves (decision 154: all by default) and its bandwidth. The kind
 * follows from the URL's scheme.
 */
export const exitDefinitionSchema = z
  .object({
    name: z.string().regex(/^[\w.-]{1,64}$/, 'name: letters, digits, _ . - (at most 64)'),
    address: z
      .string()
      .refine((value) => isIP(value) !== 0, 'address: an IPv4 or IPv6 address')
      .optional(),
    upstream: z
      .url({ protocol: /^(http|socks5)$/, error: 'upstream: http://host:port or socks5://...' })
      .refine((value) => new URL(value).port !== '', 'upstream: the URL needs a port')
      .optional(),
    country: z
      .string()
      .transform((value) => value.toUpperCase())
      .transform((value) => COUNTRY_CODE_ALIASES[value] ?? value)
      .refine((value) => COUNTRIES.has(value), 'country: an ISO 3166 alpha-2 code')
      .optional(),
    // As logins write it: lower case, '-' for spaces (`_c_us_city_new-york`).
    city: z
      .string()
      .transform((value) => value.trim().toLowerCase().replace(/\s+/g, '-'))
      .refine((value) => /^[^_\s]{1,64}$/u.test(value), 'city: a name without "_"')
      .optional(),
    // Finer places, offered to proxy lists: a region written like a city, and
    // the ISP's name as customers see it.
    region: z
      .string()
      .transform((value) => value.trim().toLowerCase().replace(/\s+/g, '-'))
      .refine((value) => /^[^_\s]{1,64}$/u.test(value), 'region: a name without "_"')
      .optional(),
    isp: z.string().trim().min(1).max(100).optional(),
    username_template: z.string().min(1).max(200).optional(),
    // The pools whose packages may leave through it; each once, in the pools' order.
    serves: z
      .array(z.enum(EXIT_POOLS, { error: `serves: ${EXIT_POOLS.join(', ')}` }))
      .min(1, 'serves: at least one pool')
      .default([...EXIT_POOLS])
      .transform((pools) => EXIT_POOLS.filter((pool) => pools.includes(pool))),
    capacity_mbps: z
      .number({ error: 'capacity_mbps: a whole number of Mbit/s' })
      .int('capacity_mbps: a whole number of Mbit/s')
      .min(1, 'capacity_mbps: at least 1')
      .max(1_000_000, 'capacity_mbps: at most 1000000')
      .default(DEFAULT_EXIT_CAPACITY_MBPS),
    enabled: z.boolean().default(true),
  })
  .strict()
  .refine((exit) => !(exit.address && exit.upstream), 'an exit is direct or upstream, not both')
  .refine((exit) => !exit.city || exit.country, 'a city needs its country')
  .refine((exit) => !exit.region || exit.country, 'a region needs its country')
  .refine((exit) => !exit.isp || exit.country, 'an ISP needs its country')
  .refine(
    (exit) => !exit.username_template || exit.upstream,
    'username_template is for upstream proxies',
  );

export type ExitDefinition = z.output<typeof exitDefinitionSchema>;

/** Zod issues as one line each, for the CLI. */
export const describeIssues = (error: z.ZodError) =>
  error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('\n');

/**
 * The gateway_exits row of a definition: the upstream password sealed with the data key
 * (decision 068), the username from the URL unless a template is given.
 */
export const toExitRow = (exit: ExitDefinition, dataKey: Buffer) => {
  const base = {
    name: exit.name,
    country: exit.country ?? null,
    city: exit.city ?? null,
    region: exit.region ?? null,
    isp: exit.isp ?? null,
    serves: exit.serves,
    capacity_mbps: exit.capacity_mbps,
    is_active: exit.enabled,
  };
  if (!exit.upstream)
    return {
      ...base,
      kind: 'direct' as const,
      local_address: exit.address ?? null,
      upstream_host: null,
      upstream_port: null,
      username_template: null,
      upstream_password_encrypted: null,
    };
  const url = new URL(exit.upstream);
  const password = decodeURIComponent(url.password);
  return {
    ...base,
    kind: url.protocol === 'http:' ? ('http' as const) : ('socks5' as const),
    local_address: null,
    upstream_host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    upstream_port: Number(url.port),
    username_template: exit.username_template ?? (decodeURIComponent(url.username) || null),
    upstream_password_encrypted: password
      ? sealSecret(dataKey, password, SECRET_PURPOSES.exitUpstreamPassword)
      : null,
  };
};
