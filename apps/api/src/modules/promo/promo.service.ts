import {
  applyPromoCents,
  toDollars,
  type Language,
  type PromoCheckResponse,
  type TariffFamily,
} from '@proxy/contract';
import type { Db } from '@proxy/db';
import type { Translator } from '../../i18n/translator.ts';
import { AppError } from '../../lib/app-error.ts';
import { countUserUsages, findPromoByCode, lockPromoByCode } from './promo.repository.ts';

export type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromoByCode>>>;

export type PromoTarget = {
  family: TariffFamily;
  tariffId: number;
  /** The price the promo applies to (for ISP: of the chosen period). */
  priceCents: number;
  trafficGb: number | null;
  period: number | null;
};

export type PromoRefusal =
  | 'promo_not_found'
  | 'promo_not_started'
  | 'promo_expired'
  | 'promo_used_up'
  | 'promo_user_limit'
  | 'promo_not_applicable'
  | 'promo_period';

export type PromoOutcome =
  { ok: true; priceCents: number; promo: PromoRow } | { ok: false; reason: PromoRefusal };

/** All rules of a code against one purchase; `userUses` is the user's earlier usages. */
export const evaluatePromo = (
  promo: PromoRow | undefined,
  target: PromoTarget,
  userUses: number,
  now = new Date(),
): PromoOutcome => {
  if (!promo) return { ok: false, reason: 'promo_not_found' };
  if (promo.valid_from && promo.valid_from > now) return { ok: false, reason: 'promo_not_started' };
  if (promo.valid_to && promo.valid_to < now) return { ok: false, reason: 'promo_expired' };
  if (promo.max_uses !== null && promo.uses >= promo.max_uses)
    return { ok: false, reason: 'promo_used_up' };
  if (promo.max_uses_per_user !== null && userUses >= promo.max_uses_per_user)
    return { ok: false, reason: 'promo_user_limit' };
  if (promo.families && !promo.families.includes(target.family))
    return { ok: false, reason: 'promo_not_applicable' };
  if (promo.tariff_ids && !promo.tariff_ids.includes(target.tariffId))
    return { ok: false, reason: 'promo_not_applicable' };
  if (promo.periods && target.period !== null && !promo.periods.includes(target.period))
    return { ok: false, reason: 'promo_period' };
  const priceCents = applyPromoCents(
    { priceCents: target.priceCents, trafficGb: target.trafficGb },
    { percent: promo.percent, perGbCents: promo.per_gb_cents },
  );
  if (priceCents === null) return { ok: false, reason: 'promo_not_applicable' };
  return { ok: true, priceCents, promo };
};

/** A code of one owner (the Telegram subscription promo) does not exist for anyone else. */
const visibleTo = (promo: PromoRow | undefined, userId: number) =>
  promo && (promo.user_id === null || Number(promo.user_id) === userId) ? promo : undefined;

/**
 * A promo code applied to one payment (a purchase, an unlimited renewal) inside the caller's
 * transaction: the code's row stays locked until it commits, so its limits hold under
 * concurrency. Returns the price after the promo; a code that cannot be used is PROMO_INVALID
 * with the reason as the `promo` field's error. The caller records the usage once it paid.
 */
export const applyPromoCode = async (
  tx: Db,
  code: string,
  userId: number,
  target: PromoTarget,
): Promise<{ priceCents: number; promoId: number }> => {
  const promo = visibleTo(await lockPromoByCode(tx, code), userId);
  const userUses = promo ? await countUserUsages(tx, promo.id, userId) : 0;
  const outcome = evaluatePromo(promo, target, userUses);
  if (!outcome.ok)
    throw new AppError('PROMO_INVALID', { errors: { promo: [`validation.${outcome.reason}`] } });
  return { priceCents: outcome.priceCents, promoId: outcome.promo.id };
};

/** GET /tariff/{id}/check-coupon/{code}: never an error status, the spec's shape. */
export const checkPromo = async (
  db: Db,
  translator: Translator,
  language: Language,
  userId: number,
  code: string,
  target: PromoTarget,
): Promise<PromoCheckResponse> => {
  const promo = visibleTo(await findPromoByCode(db, code.trim()), userId);
  const userUses = promo ? await countUserUsages(db, promo.id, userId) : 0;
  const outcome = evaluatePromo(promo, target, userUses);
  const perGb = (cents: number) =>
    target.trafficGb ? toDollars(Math.round(cents / target.trafficGb)) : null;
  if (!outcome.ok)
    return {
      can_use: false,
      message: translator.t(language, `validation.${outcome.reason}`),
      price: toDollars(target.priceCents),
      per_gb: perGb(target.priceCents),
      percent: null,
    };
  return {
    can_use: true,
    message: translator.t(language, 'messages.promo_ok'),
    price: toDollars(outcome.priceCents),
    per_gb: perGb(outcome.priceCents),
    percent: outcome.promo.percent,
  };
};
