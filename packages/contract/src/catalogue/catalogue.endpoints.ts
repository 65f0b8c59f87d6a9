import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { IDEMPOTENCY_KEY_HEADER, TARIFF_TYPES, type TariffType } from './buy.constants.ts';
import {
  buyResponseSchema,
  dynamicBuySchema,
  ispBuySchema,
  unlimBuySchema,
} from './buy.schemas.ts';

/* ---------- catalogue DTOs (spec field names; money in dollars) ---------- */

export const dynamicTariffSchema = z.object({
  id: z.number(),
  title: z.string(),
  price: z.number(),
  traffic: z.number(),
  per_gb: z.number(),
  period_days: z.number(),
});
export const ispTariffSchema = z.object({
  id: z.number(),
  title: z.string(),
  ports: z.number(),
  price: z.number(),
  country_id: z.number(),
});
export const unlimTariffSchema = z.object({
  id: z.number(),
  title: z.string(),
  price: z.number(),
  duration_days: z.number(),
  speed_limit: z.number(),
});
export const ispCountrySchema = z.object({
  id: z.number(),
  label: z.string(),
  iso2: z.string(),
  count: z.number(),
});
export const ispPeriodsSchema = z.record(
  z.string(),
  z.object({ days: z.number(), label_key: z.string() }),
);
export const unlimLocationSchema = z.object({
  id: z.number(),
  iso2: z.string(),
  location: z.object({ name: z.string() }),
  status: z.object({ is_available: z.boolean(), is_active: z.boolean() }),
  servers: z.object({ available: z.number() }),
  network: z.object({
    speeds: z.object({ min: z.string(), max: z.string(), available: z.string() }),
  }),
});

export const packageListItemSchema = z.object({
  id: z.number(),
  type: z.enum(['isp', 'dynamic', 'vip', 'unlim']),
  tariff_name: z.string(),
  tariff_ports: z.number().nullable(),
  tariff_traffic: z.number().nullable(),
  status: z.string(),
  created_at: z.string(),
  expired_at: z.string().nullable(),
  days_left: z.number().nullable(),
  package_key: z.string(),
  /** Bytes (up plus down) the gateway metered in the package's current traffic period. */
  traffic_used_bytes: z.number(),
  /** What is left of a traffic package's limit (never below 0); null without a limit. */
  traffic_left_bytes: z.number().nullable(),
});
export type PackageListItem = z.infer<typeof packageListItemSchema>;

/**
 * One package of the owner with its credentials and tariff snapshot. `host`, `port_http` and
 * `port_socks` are where customers connect: the gateway's public host and ports (the API tools
 * page's host and port, the premium panel's proxy_ip).
 */
export const packageDetailSchema = packageListItemSchema.extend({
  tariff: z.record(z.string(), z.unknown()),
  price: z.number(),
  auto_update: z.boolean(),
  login: z.string(),
  password: z.string(),
  host: z.string(),
  port_http: z.number(),
  port_socks: z.number(),
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

export const promoCheckResponseSchema = z.object({
  can_use: z.boolean(),
  message: z.string(),
  /** Price in dollars after the promo (the full price when it cannot be used). */
  price: z.number(),
  per_gb: z.number().nullable(),
  percent: z.number().nullable(),
});

const rowId = z.coerce.number().int().positive();
const list = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });

/** GET /tariffs?type=: 1 and 4 dynamic (Base, Premium), 5 unlimited, 6 ISP. */
export const tariffsQuerySchema = z.object({
  type: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .refine(
      (value): value is TariffType => (TARIFF_TYPES as readonly number[]).includes(value),
      VALIDATION_KEYS.invalidType,
    ),
});

/** The optional Idempotency-Key of a request that moves money (decision 085). */
export const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: textField().optional() });

/** The public catalogue (prices are public), purchases and the owner's packages. */
export const catalogueEndpoints = {
  listTariffs: defineEndpoint({
    method: 'GET',
    path: '/tariffs',
    summary: 'Active tariffs of one type',
    request: { query: tariffsQuerySchema },
    response: z.object({
      data: z.union([
        z.array(dynamicTariffSchema),
        z.array(ispTariffSchema),
        z.array(unlimTariffSchema),
      ]),
    }),
  }),
  listIspCountries: defineEndpoint({
    method: 'GET',
    path: '/isp/countries',
    summary: 'ISP countries with the number of free addresses',
    request: {},
    response: list(ispCountrySchema),
  }),
  getIspPeriods: defineEndpoint({
    method: 'GET',
    path: '/isp/periods',
    summary: 'ISP periods keyed by days',
    request: {},
    response: ispPeriodsSchema,
  }),
  listIspTariffs: defineEndpoint({
    method: 'GET',
    path: '/isp/countries/:id/tariffs',
    // A malformed id answers an empty list (the route reads it leniently), an unknown one 404.
    summary: 'ISP tariffs of one country',
    request: { params: z.object({ id: textField() }) },
    response: list(ispTariffSchema),
  }),
  listUnlimTariffs: defineEndpoint({
    method: 'GET',
    path: '/unlim/tariffs',
    summary: 'Unlimited residential tariffs',
    request: {},
    response: list(unlimTariffSchema),
  }),
  listUnlimLocations: defineEndpoint({
    method: 'GET',
    path: '/unlim/locations',
    summary: 'Unlimited residential server locations',
    request: {},
    response: list(unlimLocationSchema),
  }),
  buyDynamic: defineEndpoint({
    method: 'POST',
    path: '/tariff/buy',
    summary: 'Buy a dynamic (Base or Premium) package from the balance',
    request: { body: dynamicBuySchema, headers: idempotencyHeaders },
    response: buyResponseSchema,
  }),
  buyUnlim: defineEndpoint({
    method: 'POST',
    path: '/tariff/buy-unlim',
    summary: 'Buy an unlimited residential package from the balance',
    request: { body: unlimBuySchema, headers: idempotencyHeaders },
    response: buyResponseSchema,
  }),
  buyIsp: defineEndpoint({
    method: 'POST',
    path: '/tariff/buy-isp',
    summary: 'Buy ISP addresses from the balance',
    request: { body: ispBuySchema, headers: idempotencyHeaders },
    response: buyResponseSchema,
  }),
  checkCoupon: defineEndpoint({
    method: 'GET',
    path: '/tariff/:tariffId/check-coupon/:code',
    summary: 'Price of a tariff with a promo code (never an error status for a bad code)',
    request: {
      params: z.object({
        tariffId: rowId.max(2_147_483_647),
        code: textField().min(1).max(64),
      }),
      query: z.object({ period: z.coerce.number().int().optional() }),
    },
    response: promoCheckResponseSchema,
  }),
  listPackages: defineEndpoint({
    method: 'GET',
    path: '/packages',
    summary: "The owner's packages",
    request: {},
    response: list(packageListItemSchema),
  }),
  getPackage: defineEndpoint({
    method: 'GET',
    path: '/packages/:id',
    summary: 'One package of the owner (404 for a foreign, unknown or malformed id)',
    request: { params: z.object({ id: rowId.max(Number.MAX_SAFE_INTEGER) }) },
    response: z.object({ data: packageDetailSchema }),
  }),
  getUnlimUsage: defineEndpoint({
    method: 'GET',
    path: '/unlim/:id/usage',
    summary: 'Live metrics of an unlimited package (404 for a foreign, unknown or other package)',
    request: { params: z.object({ id: rowId.max(Number.MAX_SAFE_INTEGER) }) },
    response: z.object({ data: unlimUsageSchema }),
  }),
} as const;
