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

/** The public catalogue (prices are public) and purchases. */
export const catalogueEndpoints = {
  listTariffs: defineEndpoint({
    access: 'api-key',
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
    access: 'api-key',
    method: 'GET',
    path: '/isp/countries',
    summary: 'ISP countries with the number of free addresses',
    request: {},
    response: list(ispCountrySchema),
  }),
  getIspPeriods: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/isp/periods',
    summary: 'ISP periods keyed by days',
    request: {},
    response: ispPeriodsSchema,
  }),
  listIspTariffs: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/isp/countries/:id/tariffs',
    // A malformed id answers an empty list (the route reads it leniently), an unknown one 404.
    summary: 'ISP tariffs of one country',
    request: { params: z.object({ id: textField() }) },
    response: list(ispTariffSchema),
  }),
  listUnlimTariffs: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/unlim/tariffs',
    summary: 'Unlimited residential tariffs',
    request: {},
    response: list(unlimTariffSchema),
  }),
  listUnlimLocations: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/unlim/locations',
    summary: 'Unlimited residential server locations',
    request: {},
    response: list(unlimLocationSchema),
  }),
  buyDynamic: defineEndpoint({
    access: 'api-key',
    method: 'POST',
    path: '/tariff/buy',
    summary: 'Buy a dynamic (Base or Premium) package from the balance',
    request: { body: dynamicBuySchema, headers: idempotencyHeaders },
    response: buyResponseSchema,
  }),
  buyUnlim: defineEndpoint({
    access: 'api-key',
    method: 'POST',
    path: '/tariff/buy-unlim',
    summary: 'Buy an unlimited residential package from the balance',
    request: { body: unlimBuySchema, headers: idempotencyHeaders },
    response: buyResponseSchema,
  }),
  buyIsp: defineEndpoint({
    access: 'api-key',
    method: 'POST',
    path: '/tariff/buy-isp',
    summary: 'Buy ISP addresses from the balance',
    request: { body: ispBuySchema, headers: idempotencyHeaders },
    response: buyResponseSchema,
  }),
  checkCoupon: defineEndpoint({
    access: 'api-key',
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
} as const;
