import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { actionResponseSchema } from '../common/responses.ts';
import { ISP_AUTH_TYPES } from './buy.constants.ts';

/**
 * Buy-flow validation messages: keys of the web `buy` namespace under `errors.` (the
 * wizard) and of `base` under `validation.` (the API). No English text here.
 */
export const BUY_ERROR_KEYS = {
  selectTariff: 'select_tariff',
  authTypeRequired: 'auth_type_required',
  ipRequired: 'ip_required',
  ipInvalid: 'ip_invalid',
  countryRequired: 'country_required',
  ipsRequired: 'ips_required',
  periodRequired: 'period_required',
  invalidPeriod: 'invalid_period',
  speedRequired: 'speed_required',
  locationRequired: 'location_required',
} as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A dotted-quad IPv4 address (no leading zeros, each part 0-255). */
export const isIpv4 = (value: string): boolean => IPV4.test(value);
export const isValidIp = (value: string): boolean =>
  isIpv4(value) || z.ipv6().safeParse(value).success;

const id = z.coerce
  .number({ error: VALIDATION_KEYS.required })
  .int(VALIDATION_KEYS.invalidType)
  .positive(VALIDATION_KEYS.invalidType)
  .max(2_147_483_647, VALIDATION_KEYS.invalidType);

/** Optional promo text: trimmed, empty means none (purchases and the unlimited renewal). */
export const promo = textField()
  .max(64, VALIDATION_KEYS.tooLong)
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

/** A flag as the original client sends it: a boolean, 0 / 1 or "0" / "1"; read as a boolean. */
export const booleanFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: VALIDATION_KEYS.required,
  })
  .transform((value) => value === true || value === 1 || value === '1');

const rename = (aliases: Record<string, string>) => (value: unknown) => {
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [alias, name] of Object.entries(aliases)) {
    if (out[name] === undefined && out[alias] !== undefined) out[name] = out[alias];
  }
  return out;
};

/** POST /tariff/buy (dynamic Base and Premium). A client-sent price is ignored. */
export const dynamicBuySchema = z.object({ tariff_id: id, promo });
export type DynamicBuyInput = z.input<typeof dynamicBuySchema>;

/** POST /tariff/buy-unlim; also accepts tariffID / locationID / promoName (spec section 7). */
export const unlimBuySchema = z.preprocess(
  rename({ tariffID: 'tariff_id', locationID: 'location_id', promoName: 'promo' }),
  z.object({ tariff_id: id, location_id: id, promo }),
);
export type UnlimBuyInput = { tariff_id: number; location_id: number; promo?: string | null };

/** POST /tariff/buy-isp. `ip` set means IP authentication (whitelisted address). */
export const ispBuySchema = z.object({
  country_id: id,
  period: z.coerce.number({ error: VALIDATION_KEYS.required }).int(BUY_ERROR_KEYS.invalidPeriod),
  tariff_id: id,
  quantity: z.coerce
    .number()
    .int(VALIDATION_KEYS.invalidType)
    .positive(VALIDATION_KEYS.invalidType)
    .optional(),
  ip: textField({ trim: true })
    .max(64, VALIDATION_KEYS.tooLong)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isValidIp(value), BUY_ERROR_KEYS.ipInvalid),
  socks: booleanFlag.optional().transform((value) => value === true),
  promo,
});
export type IspBuyInput = z.input<typeof ispBuySchema>;

export const buyResponseSchema = actionResponseSchema.extend({
  package_id: z.number().optional(),
  price: dollarsField.optional(),
});
export type BuyResponse = z.infer<typeof buyResponseSchema>;

export type PromoCheckResponse = {
  can_use: boolean;
  message: string;
  /** Price in dollars after the promo (the full price when it cannot be used). */
  price: number;
  per_gb: number | null;
  percent: number | null;
};

/* ---------- the web wizard forms (same rules on both sides) ---------- */

/** Dynamic purchase: a tariff must be selected (buy:dynamic_tariff.errors.select_tariff). */
export const dynamicTariffFormSchema = z.object({
  tariff_id: z
    .number({ error: BUY_ERROR_KEYS.selectTariff })
    .int()
    .positive(BUY_ERROR_KEYS.selectTariff),
});

/** The IP field of the ISP wizard: required and valid only for IP authentication (separate messages). */
export const ispIpError = (
  authType: string | undefined,
  ip: string | undefined,
): 'ip_required' | 'ip_invalid' | null => {
  if (authType !== 'ip') return null;
  const value = ip?.trim() ?? '';
  if (value === '') return BUY_ERROR_KEYS.ipRequired;
  return isValidIp(value) ? null : BUY_ERROR_KEYS.ipInvalid;
};

/** ISP wizard: authType required; ip required and valid when authType is ip; country; ips (tariff). */
export const ispWizardSchema = z
  .object({
    authType: z.enum(ISP_AUTH_TYPES, { error: BUY_ERROR_KEYS.authTypeRequired }),
    ip: textField({ trim: true }).optional(),
    period: z.number({ error: BUY_ERROR_KEYS.periodRequired }),
    country: z
      .number({ error: BUY_ERROR_KEYS.countryRequired })
      .int()
      .positive(BUY_ERROR_KEYS.countryRequired),
    ips: z.number({ error: BUY_ERROR_KEYS.ipsRequired }).int().positive(BUY_ERROR_KEYS.ipsRequired),
    socks: z.boolean(),
  })
  .superRefine((data, ctx) => {
    const error = ispIpError(data.authType, data.ip);
    if (error) ctx.addIssue({ code: 'custom', path: ['ip'], message: error });
  });
export type IspWizardValues = z.input<typeof ispWizardSchema>;

const option = z.object({ label: textField(), value: z.number() });

/** Unlimited plan: speed required; location required, holding a label and a value. */
export const unlimPlanSchema = z.object({
  period: z.number({ error: BUY_ERROR_KEYS.periodRequired }),
  speed: z.number({ error: BUY_ERROR_KEYS.speedRequired }).positive(BUY_ERROR_KEYS.speedRequired),
  location: option.nullable().refine((value) => value !== null, BUY_ERROR_KEYS.locationRequired),
});
export type UnlimPlanValues = z.input<typeof unlimPlanSchema>;

/* ---------- catalogue DTOs (spec field names; money in dollars) ---------- */

export type DynamicTariffDto = {
  id: number;
  title: string;
  price: number;
  traffic: number;
  per_gb: number;
  period_days: number;
};
export type IspTariffDto = {
  id: number;
  title: string;
  ports: number;
  price: number;
  country_id: number;
};
export type IspCountryDto = { id: number; label: string; iso2: string; count: number };
/** GET /isp/periods: object keyed by days. */
export type IspPeriodsDto = Record<string, { days: number; label_key: string }>;
export type UnlimTariffDto = {
  id: number;
  title: string;
  price: number;
  duration_days: number;
  speed_limit: number;
};
