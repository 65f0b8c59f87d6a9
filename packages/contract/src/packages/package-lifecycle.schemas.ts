import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { actionResponseSchema } from '../common/responses.ts';
import { BUY_ERROR_KEYS, booleanFlag, buyResponseSchema, promo } from '../catalogue/buy.schemas.ts';
import { isIspPeriod } from '../catalogue/isp-pricing.ts';

/**
 * Package lifecycle: extend / renew and the auto-renew switch of every family
 * (decision 108). Dynamic (`dynamic`), premium (`vip`) and ISP packages use
 * /packages/:id/...; unlimited packages use the spec's {unlim} prefix, /unlim/:packageID/...
 */

/** Low-traffic warning: at most this percent of the period's traffic left (spec section 9). */
export const LOW_TRAFFIC_PERCENT = 10;

/** POST /packages/:id/auto-update and POST /unlim/:packageID/auto-update. */
export const autoUpdateSchema = z.object({ auto_update: booleanFlag });
export type AutoUpdateInput = z.input<typeof autoUpdateSchema>;

/**
 * POST /packages/:id/extend. `period` (days) is read for ISP packages only: 1, 7, 30 or 90,
 * the package's own period when absent. Dynamic and premium packages always extend by 30 days.
 */
export const packageExtendSchema = z.object({
  period: z.coerce
    .number({ error: BUY_ERROR_KEYS.invalidPeriod })
    .int(BUY_ERROR_KEYS.invalidPeriod)
    .refine(isIspPeriod, BUY_ERROR_KEYS.invalidPeriod)
    .optional(),
});
export type PackageExtendInput = z.input<typeof packageExtendSchema>;

/**
 * POST /unlim/:packageID/renew {uuid, promoName}. `uuid` is the package's uuid (the unlimited
 * panel's `uuid`); when sent it must name the same package, else 404. `promo` is
 * accepted as an alias of `promoName`.
 */
export const unlimRenewSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const body = value as Record<string, unknown>;
    return body.promoName === undefined && body.promo !== undefined
      ? { ...body, promoName: body.promo }
      : body;
  },
  z.object({
    uuid: textField({ trim: true }).max(64, VALIDATION_KEYS.tooLong).optional(),
    promoName: promo,
  }),
);
export type UnlimRenewInput = { uuid?: string; promoName?: string | null; promo?: string | null };

/** Answer of extend and renew: the buy endpoints' shape plus the new expiry. */
export const packageExtendResponseSchema = buyResponseSchema.extend({
  package_id: z.number(),
  /** What was charged (after the promo). */
  price: dollarsField,
  /** ISO timestamp of the new expiry. */
  expired_at: z.string(),
});
export type PackageExtendResponse = z.infer<typeof packageExtendResponseSchema>;

/** Answer of the auto-renew switch: the stored value. */
export const autoUpdateResponseSchema = actionResponseSchema.extend({ auto_update: z.boolean() });
export type AutoUpdateResponse = z.infer<typeof autoUpdateResponseSchema>;
