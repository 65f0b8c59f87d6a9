import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { listResponseSchema } from '../common/responses.ts';
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
  price: dollarsField,
  traffic: z.number(),
  per_gb: dollarsField,
  period_days: z.number(),
});
export const ispTariffSchema = z.object({
  id: z.number(),
  title: z.string(),
  ports: z.number(),
  price: dollarsField,
  country_id: z.number(),
});
export const unlimTariffSchema = z.object({
  id: z.number(),
  title: z.string(),
  price: dollarsField,
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
  location: z.object({ name: z.string(), city: z.string().nullable() }),
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
  price: dollarsField,
  per_gb: dollarsField.nullable(),
  percent: z.number().nullable(),
});

const rowId = z.coerce.number().int().positive();

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
  listTariffs: defineEndpoint('GET /tariffs', {
    access: 'api-key',
    summary: 'Active tariffs of one type',
    query: tariffsQuerySchema,
    response: z.object({
      data: z.union([
        z.array(dynamicTariffSchema),
        z.array(ispTariffSchema),
        z.array(unlimTariffSchema),
      ]),
    }),
  }),
  listIspCountries: defineEndpoint('GET /isp/countries', {
    access: 'api-key',
    summary: 'ISP countries with the number of free addresses',
    response: listResponseSchema(ispCountrySchema),
  }),
  getIspPeriods: defineEndpoint('GET /isp/periods', {
    access: 'api-key',
    summary: 'ISP periods keyed by days',
    response: ispPeriodsSchema,
  }),
  listIspTariffs: defineEndpoint('GET /isp/countries/:id/tariffs', {
    access: 'api-key',
    // A malformed id answers an empty list (the route reads it leniently), an unknown one 404.
    summary: 'ISP tariffs of one country',
    params: z.object({ id: textField() }),
    response: listResponseSchema(ispTariffSchema),
  }),
  listUnlimTariffs: defineEndpoint('GET /unlim/tariffs', {
    access: 'api-key',
    summary: 'Unlimited residential tariffs',
    response: listResponseSchema(unlimTariffSchema),
  }),
  listUnlimLocations: defineEndpoint('GET /unlim/locations', {
    access: 'api-key',
    summary: 'Unlimited residential server locations',
    response: listResponseSchema(unlimLocationSchema),
  }),
  buyDynamic: defineEndpoint('POST /tariff/buy', {
    access: 'api-key',
    summary: 'Buy a dynamic (Base or Premium) package from the balance',
    body: dynamicBuySchema,
    headers: idempotencyHeaders,
    response: buyResponseSchema,
  }),
  buyUnlim: defineEndpoint('POST /tariff/buy-unlim', {
    access: 'api-key',
    summary: 'Buy an unlimited residential package from the balance',
    body: unlimBuySchema,
    headers: idempotencyHeaders,
    response: buyResponseSchema,
  }),
  buyIsp: defineEndpoint('POST /tariff/buy-isp', {
    access: 'api-key',
    summary: 'Buy ISP addresses from the balance',
    body: ispBuySchema,
    headers: idempotencyHeaders,
    response: buyResponseSchema,
  }),
  checkCoupon: defineEndpoint('GET /tariff/:tariffId/check-coupon/:code', {
    access: 'api-key',
    summary: 'Price of a tariff with a promo code (never an error status for a bad code)',
    params: z.object({
      tariffId: rowId.max(2_147_483_647),
      code: textField().min(1).max(64),
    }),
    query: z.object({ period: z.coerce.number().int().optional() }),
    response: promoCheckResponseSchema,
  }),
} as const;
