import {
  DYNAMIC_PERIOD_DAYS,
  FAMILY_BY_PACKAGE_ROW_TYPE,
  formatDollars,
  ispPriceCents,
  packageEntryType,
  toCents,
  toDollars,
  type AutoUpdateResponse,
  type Language,
  type PackageExtendResponse,
  type TariffFamily,
} from '@proxy/contract';
import type { Transaction } from 'kysely';
import type { Database, DbRoot } from '@proxy/db';
import type { Translator } from '../../i18n/translator.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  balanceShortError,
  chargeForPackage,
  postLedgerFailure,
} from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { recordPromoUsage } from '../promo/promo.repository.ts';
import { applyPromoCode } from '../promo/promo.service.ts';
import { tariffSnapshotOf } from '../packages/packages.repository.ts';
import {
  claimOrReplay,
  storeAnswer,
  type IdempotencyClaim,
  type StoredAnswer,
} from '../purchases/idempotency.ts';
import {
  RUNNING_STATUSES,
  deactivatePackage,
  extendPackageRow,
  findUnusedTraffic,
  lockUserPackage,
  setAutoUpdate,
  startTrafficPeriod,
  type LifecyclePackage,
} from './package-lifecycle.repository.ts';

type Tx = Transaction<Database>;
const GB = 1024 ** 3;

/** What one more period of a package costs and gives. */
export type RenewalTerms = {
  family: TariffFamily;
  title: string;
  periodDays: number;
  priceCents: number;
  /** The tariff's traffic for a period, in bytes; null for packages without a traffic limit. */
  trafficBytes: number | null;
};

/**
 * The next period of a package at the price it was bought at (the tariff snapshot, decision
 * 108): dynamic and premium 30 days with the tariff's traffic, unlimited its tariff's duration,
 * ISP the chosen period (else its own) priced like a purchase of that period.
 */
export const renewalTerms = (
  p: Pick<LifecyclePackage, 'type' | 'tariff' | 'period_days' | 'traffic_limit_bytes'>,
  ispPeriod?: number,
): RenewalTerms => {
  const tariff = tariffSnapshotOf(p);
  const family = FAMILY_BY_PACKAGE_ROW_TYPE[p.type];
  const baseCents = toCents(tariff.price ?? 0);
  const title = tariff.title ?? '';
  if (family === 'isp') {
    const periodDays = ispPeriod ?? p.period_days ?? 30;
    const priceCents = ispPriceCents(
      { priceCents: baseCents, ports: tariff.ports ?? 1 },
      periodDays,
    );
    return { family, title, periodDays, priceCents, trafficBytes: null };
  }
  if (family === 'unlim') {
    const periodDays = tariff.duration_days ?? p.period_days ?? DYNAMIC_PERIOD_DAYS;
    return { family, title, periodDays, priceCents: baseCents, trafficBytes: null };
  }
  const trafficBytes = p.traffic_limit_bytes === null ? null : (tariff.traffic ?? 0) * GB;
  return { family, title, periodDays: DYNAMIC_PERIOD_DAYS, priceCents: baseCents, trafficBytes };
};

/** How a package is named in notifications: its tariff and id. */
export const packageLabel = (p: { id: number; tariff: Record<string, unknown> }) =>
  `${tariffSnapshotOf(p).title ?? ''} #${p.id}`.trim();

/**
 * Takes `priceCents` from the main balance through the ledger (entry `extend_<family>`, ref the
 * package); false when the balance is short, and then nothing moved.
 */
const charge = (tx: Tx, p: LifecyclePackage, terms: RenewalTerms, priceCents: number) =>
  chargeForPackage(tx, {
    userId: p.user_id,
    packageId: p.id,
    type: packageEntryType('extend', terms.family),
    amountCents: priceCents,
    comment: terms.title,
  });

/**
 * One more period for a package already paid for: running until `periodDays` after the later
 * of its expiry and `now`; a traffic package starts a new traffic period with the tariff's
 * traffic plus what it had not used of the current one (decision 110).
 */
const extendPaid = async (tx: Tx, p: LifecyclePackage, terms: RenewalTerms, now: Date) => {
  let trafficLimitBytes: number | null = null;
  if (terms.trafficBytes !== null) {
    trafficLimitBytes = terms.trafficBytes + (await findUnusedTraffic(tx, p.id));
    await startTrafficPeriod(tx, p.id);
  }
  return extendPackageRow(tx, p.id, { periodDays: terms.periodDays, now, trafficLimitBytes });
};

/**
 * The expiry of one package, locked by the sweep (the caller holds its row): with auto-renew on
 * it is charged and extended (notification `package_renewed`); otherwise, or when the balance
 * is short (a failed `extend_<family>_error` entry and `package_renewal_failed`), it becomes
 * inactive (`package_expired`). Returns what happened.
 */
export const expirePackage = async (
  tx: Tx,
  p: LifecyclePackage,
  now: Date,
): Promise<'renewed' | 'short' | 'expired'> => {
  const label = packageLabel(p);
  if (p.auto_update) {
    const terms = renewalTerms(p);
    const amount = formatDollars(toDollars(terms.priceCents));
    if (await charge(tx, p, terms, terms.priceCents)) {
      const expiresAt = await extendPaid(tx, p, terms, now);
      await notify(tx, p.user_id, NOTIFICATION_TYPES.packageRenewed, {
        package: label,
        amount,
        date: expiresAt.toISOString(),
      });
      return 'renewed';
    }
    await postLedgerFailure(tx, {
      userId: p.user_id,
      account: 'main',
      type: packageEntryType('extend', terms.family),
      refType: 'package',
      refId: p.id,
      comment: terms.title,
    });
    await deactivatePackage(tx, p.id);
    await notify(tx, p.user_id, NOTIFICATION_TYPES.packageRenewalFailed, {
      package: label,
      amount,
    });
    return 'short';
  }
  await deactivatePackage(tx, p.id);
  await notify(tx, p.user_id, NOTIFICATION_TYPES.packageExpired, { package: label });
  return 'expired';
};

export type LifecycleContext = { db: DbRoot; translator: Translator; language: Language };

/** Which route family a request came through: /packages/:id (not unlimited) or /unlim/:id. */
export type RouteFamily = 'package' | 'unlim';

const isOfRoute = (p: LifecyclePackage, route: RouteFamily) =>
  route === 'unlim' ? p.type === 'unlim' : p.type !== 'unlim';

/** The owner's package of the route's family, locked; anything else is 404. */
const lockOwned = async (tx: Tx, userId: number, id: number, route: RouteFamily) => {
  const p = await lockUserPackage(tx, userId, id);
  if (!p || !isOfRoute(p, route)) throw new AppError('NOT_FOUND');
  return p;
};

export type ExtendRequest = {
  route: RouteFamily;
  packageId: number;
  /** ISP only: the period to buy (days). */
  period?: number;
  /** Unlimited renewal: the package's uuid the client names (must match) and a promo code. */
  uuid?: string;
  promo?: string | null;
};

export type ExtendResult = StoredAnswer<PackageExtendResponse>;

/**
 * Extend (dynamic, premium, ISP) or renew (unlimited) from the balance, in one transaction:
 * the package row locked first (so concurrent extensions of it run one after the other), then
 * the promo's row, then the balance (the ledger's conditional update: never below zero). Refused
 * while auto-renew is on and for a package that is not running; a short balance changes nothing.
 */
export const extendPackage = (
  ctx: LifecycleContext,
  userId: number,
  request: ExtendRequest,
  idempotency: IdempotencyClaim | null,
): Promise<ExtendResult> =>
  ctx.db.transaction().execute(async (tx) => {
    if (idempotency) {
      const replay = await claimOrReplay<PackageExtendResponse>(tx, userId, idempotency);
      if (replay) return replay;
    }
    const p = await lockOwned(tx, userId, request.packageId, request.route);
    if (request.uuid !== undefined && request.uuid !== p.uuid) throw new AppError('NOT_FOUND');
    if (p.auto_update) throw new AppError('AUTO_RENEW_ENABLED');
    if (!(RUNNING_STATUSES as readonly string[]).includes(p.status))
      throw new AppError('PACKAGE_NOT_EXTENDABLE');

    const terms = renewalTerms(p, p.type === 'isp' ? request.period : undefined);
    let priceCents = terms.priceCents;
    let promoId: number | null = null;
    if (request.promo) {
      const applied = await applyPromoCode(tx, request.promo, userId, {
        family: terms.family,
        tariffId: p.tariff_id ?? tariffSnapshotOf(p).id ?? 0,
        priceCents: terms.priceCents,
        trafficGb: terms.trafficBytes === null ? null : terms.trafficBytes / GB,
        period: terms.periodDays,
      });
      priceCents = applied.priceCents;
      promoId = applied.promoId;
    }
    if (!(await charge(tx, p, terms, priceCents)))
      throw await balanceShortError(tx, userId, priceCents);
    if (promoId !== null) await recordPromoUsage(tx, promoId, userId, p.id);
    const now = new Date();
    const expiresAt = await extendPaid(tx, p, terms, now);
    const amount = formatDollars(toDollars(priceCents));
    await notify(tx, userId, NOTIFICATION_TYPES.packageExtended, {
      package: packageLabel(p),
      amount,
      date: expiresAt.toISOString(),
    });
    const result: ExtendResult = {
      statusCode: 200,
      body: {
        success: true,
        message: ctx.translator.t(ctx.language, 'messages.package_extended'),
        package_id: p.id,
        price: toDollars(priceCents),
        expired_at: expiresAt.toISOString(),
      },
    };
    await storeAnswer(tx, userId, idempotency, result);
    return result;
  });

/** Statuses for which auto-renew may be switched on (a package that will reach its expiry). */
const AUTO_RENEWABLE = ['active', 'pending', 'processing'];

/**
 * Auto-renew on or off. On is refused for a package that is not running (empty: the spec
 * disables the switch; inactive, deactivated) and for a 1-day unlimited tariff (the spec hides
 * it); off is always allowed.
 */
export const changeAutoUpdate = (
  ctx: LifecycleContext,
  userId: number,
  route: RouteFamily,
  packageId: number,
  autoUpdate: boolean,
): Promise<AutoUpdateResponse> =>
  ctx.db.transaction().execute(async (tx) => {
    const p = await lockOwned(tx, userId, packageId, route);
    if (autoUpdate) {
      if (p.type === 'unlim' && renewalTerms(p).periodDays === 1)
        throw new AppError('AUTO_RENEW_UNAVAILABLE');
      if (!AUTO_RENEWABLE.includes(p.status)) throw new AppError('PACKAGE_NOT_EXTENDABLE');
    }
    if (p.auto_update !== autoUpdate) await setAutoUpdate(tx, p.id, autoUpdate);
    return {
      success: true,
      message: ctx.translator.t(
        ctx.language,
        autoUpdate ? 'messages.auto_renew_on' : 'messages.auto_renew_off',
      ),
      auto_update: autoUpdate,
    };
  });
