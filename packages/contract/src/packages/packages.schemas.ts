import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { PACKAGE_ROW_TYPES } from '../app/app.constants.ts';
import { PACKAGE_STATUSES } from '../catalogue/buy.constants.ts';
import { listRouteQuerySchema, pagedResponseSchema } from '../tables/tables.schemas.ts';
import { PROXY_FORMATS } from '../proxy-lists/proxy-lists.constants.ts';

/** A package id in a path: a positive integer; anything else is a 404 like an unknown id. */
export const packageIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/* ---------- the packages table (GET /packages) ---------- */

/**
 * Sortable columns of the packages table; created_at (newest first) is the default. Ties keep
 * the newest-first order across pages.
 */
export const PACKAGE_SORT_FIELDS = [
  'created_at',
  'id',
  'expired_at',
  'status',
  'type',
  'tariff_name',
] as const;
export type PackageSortField = (typeof PACKAGE_SORT_FIELDS)[number];

/**
 * Filters of the packages table, bracket-serialised like every table's (`filters[type]=isp`,
 * `filters[status]=active`); another value is a 422 field error on `filters.<name>`.
 */
export const PACKAGE_FILTERS = { type: PACKAGE_ROW_TYPES, status: PACKAGE_STATUSES } as const;

/** page, per_page (10/20/50/100), sort, direction (the shared table query), filters[...]. */
export const packagesQuerySchema = listRouteQuerySchema(PACKAGE_SORT_FIELDS);

/**
 * What the bought tariff is, beside its catalogue title: the cabinet names a tariff by its
 * family and these, in the user's language (decision 157). Null where the family has none.
 */
export const tariffFactsFields = {
  /** IP addresses of an ISP tariff. */
  tariff_ports: z.number().nullable(),
  /** GB of a traffic tariff (dynamic, premium). */
  tariff_traffic: z.number().nullable(),
  /** Mbps of an unlimited tariff. */
  tariff_speed_limit: z.number().nullable(),
  /** Days one period of the tariff lasts (null for ISP, whose period is the package's). */
  tariff_duration_days: z.number().nullable(),
};
export type TariffFacts = { [K in keyof typeof tariffFactsFields]: number | null };

/** A package's term, as the table and every panel show it. */
const packageTermFields = {
  created_at: z.string(),
  /** null: the package does not expire. */
  expired_at: z.string().nullable(),
  days_left: z.number().nullable(),
};

export const packageRowSchema = z.object({
  id: z.number(),
  type: z.enum(PACKAGE_ROW_TYPES),
  tariff_name: z.string(),
  ...tariffFactsFields,
  status: z.enum(PACKAGE_STATUSES),
  ...packageTermFields,
  /** Inactive and still inside the grace window (RESUME_GRACE_DAYS): shown as suspended. */
  resume_package_allowed: z.boolean(),
  package_key: z.string(),
  /** Bytes (up plus down) the gateway metered in the package's current traffic period. */
  traffic_used_bytes: z.number(),
  /** What is left of a traffic package's limit (never below 0); null without a limit. */
  traffic_left_bytes: z.number().nullable(),
});
export type PackageRow = z.infer<typeof packageRowSchema>;

/** `{ packages: { data, meta: { total, page, per_page } } }` (spec: the list's field is packages). */
export const packagesPageSchema = z.object({ packages: pagedResponseSchema(packageRowSchema) });
export type PackagesPage = z.infer<typeof packagesPageSchema>;

/* ---------- the panels (one detail per family) ---------- */

/**
 * Where and how a customer connects: the gateway's public host and ports (configuration
 * GATEWAY_PUBLIC_HOST, GATEWAY_HTTP_PORT, GATEWAY_SOCKS_PORT) and the package's credentials.
 * `port_socks` is null for an ISP package bought for HTTP(S) only: SOCKS5 was not sold.
 */
export const packageConnectionSchema = z.object({
  host: z.string(),
  port_http: z.number(),
  port_socks: z.number().nullable(),
  login: z.string(),
  password: z.string(),
});
export type PackageConnection = z.infer<typeof packageConnectionSchema>;

/** What every panel shows besides its family's fields (the row's dates and state). */
const packageStateFields = {
  id: z.number(),
  package_key: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  auto_update: z.boolean(),
  resume_package_allowed: z.boolean(),
  ...packageTermFields,
};

/** A traffic tariff as bought (dollars; traffic in GB). */
export const trafficTariffSchema = z.object({
  id: z.number(),
  title: z.string(),
  traffic: z.number(),
  price: dollarsField,
  per_gb: dollarsField,
});
export type TrafficTariff = z.infer<typeof trafficTariffSchema>;

/**
 * Row type `dynamic` (the Base pool): the panel with proxy lists. Traffic in bytes (the web
 * shows GB dividing by 1024^3). `package_upgrade` is null when no larger tariff exists.
 */
export const dynamicPackageSchema = z.object({
  package: z.object({ ...packageStateFields, tariff: trafficTariffSchema }),
  package_info: z.object({
    traffic_usage_common: z.number(),
    traffic_limit_common: z.number(),
  }),
  /** The package's proxy lists, newest first (decision 116). */
  proxy_lists: z.array(z.object({ id: z.number(), name: z.string() })),
  proxy_formats: z.object({
    login: z.array(z.enum(PROXY_FORMATS.login)),
    ip: z.array(z.enum(PROXY_FORMATS.ip)),
  }),
  package_upgrade: z
    .object({
      /** Percent off the offered tariff's price (decision 106). */
      package_discount: z.number(),
      /** The offered tariff's price after package_discount (dollars). */
      price: dollarsField,
      tariff: trafficTariffSchema,
    })
    .nullable(),
  connection: packageConnectionSchema,
});
export type DynamicPackage = z.infer<typeof dynamicPackageSchema>;

/**
 * Row type `vip` (the Premium pool): the residential generator panel. `traffic` is the limit of
 * the current period and `usage` what is used of it, both in bytes; `proxy_ip` is the
 * gateway's public host.
 */
export const premiumPackageSchema = z.object({
  ...packageStateFields,
  uuid: z.string(),
  tariff: trafficTariffSchema,
  traffic: z.number(),
  usage: z.number(),
  proxy_ip: z.string(),
  // Where to connect, but the host: a premium panel names the proxy by proxy_ip.
  ...packageConnectionSchema.omit({ host: true }).shape,
});
export type PremiumPackage = z.infer<typeof premiumPackageSchema>;

/**
 * Row type `isp`: addresses for a period. `order_id` is the purchase's transaction id (the
 * transactions table's id of its payment); `swaped` (spec spelling) is true once its addresses
 * were swapped (once per package); `auth_ip` is the whitelisted client address of IP
 * authentication (null: login and password).
 */
export const ispPackageSchema = z.object({
  ...packageStateFields,
  order_id: z.number().nullable(),
  tariff: z.object({ id: z.number(), title: z.string(), price: dollarsField, ports: z.number() }),
  period: z.number(),
  country: z.string().nullable(),
  /** The country's ISO 3166-1 alpha-2 code: the cabinet names it in the user's language. */
  country_iso2: z.string().nullable(),
  auth_ip: z.string().nullable(),
  socks: z.boolean(),
  ip: z.array(z.string()),
  swaped: z.boolean(),
  connection: packageConnectionSchema,
});
export type IspPackage = z.infer<typeof ispPackageSchema>;

/** Row type `unlim`: unlimited traffic at a speed limit (Mbps). */
export const unlimPackageSchema = z.object({
  ...packageStateFields,
  uuid: z.string(),
  duration_days: z.number(),
  location: z.string().nullable(),
  /** The location's country (ISO 3166-1 alpha-2) and city code, named in the user's language. */
  location_iso2: z.string().nullable(),
  location_city: z.string().nullable(),
  tariff: z.object({
    id: z.number(),
    name: z.string(),
    price: dollarsField,
    speed_limit: z.number(),
    duration_days: z.number(),
  }),
  connection: packageConnectionSchema,
});
export type UnlimPackage = z.infer<typeof unlimPackageSchema>;

/**
 * Live metrics of an unlimited package (the spec's unlimited panel): `speed` is what its
 * connections carry now, in Mbps (up plus down, as its speed_limit); `server` the CPU and memory
 * use in percent of the gateway host(s) carrying it; `traffic` the bytes of its current period.
 */
export const unlimUsageSchema = z.object({
  speed: z.number(),
  server: z.object({ cpu_usage: z.number().nullable(), ram_usage: z.number().nullable() }),
  traffic: z.number(),
});
export type UnlimUsage = z.infer<typeof unlimUsageSchema>;

/**
 * GET /packages/:id: any family's package with its tariff snapshot and where to connect (the
 * scripts, the gateway's tests and the API tools page read it by id alone; the panels read
 * their family's detail).
 */
export const packageDetailSchema = packageRowSchema.extend({
  tariff: z.record(z.string(), z.unknown()),
  price: dollarsField,
  auto_update: z.boolean(),
  ...packageConnectionSchema.shape,
  country: z.string().nullable(),
  period: z.number().nullable(),
  ip: z.array(z.string()),
  auth_ip: z.string().nullable(),
  socks: z.boolean(),
  location: z.string().nullable(),
  speed_limit: z.number().nullable(),
  traffic_limit_bytes: z.number().nullable(),
  /** The spec's dynamic package data: usage and limit of the current period, in bytes. */
  package_info: z.object({
    traffic_usage_common: z.number(),
    traffic_limit_common: z.number().nullable(),
  }),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;
