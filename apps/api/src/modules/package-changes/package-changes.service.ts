import {
  FAMILY_BY_PACKAGE_ROW_TYPE,
  emailMatchesAccount,
  formatDollars,
  packageEntryType,
  toDollars,
  type IspSwapResponse,
  type Language,
  type PackageChangeResponse,
  type PackageRowType,
  type PaidChangeResponse,
} from '@proxy/contract';
import type { Transaction, Updateable } from 'kysely';
import type { Database, Db, DbRoot, PackagesTable, User } from '@proxy/db';
import type { Translator } from '../../i18n/translator.ts';
import { AppError } from '../../lib/app-error.ts';
import { balanceShortError, chargeForPackage } from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { releaseIspAddresses, reserveIspAddresses } from '../inventory/isp-addresses.repository.ts';
import {
  claimOrReplay,
  storeAnswer,
  type IdempotencyClaim,
  type StoredAnswer,
} from '../purchases/idempotency.ts';
import { tariffSnapshot } from '../purchases/purchases.service.ts';
import { packageLabel } from '../package-lifecycle/package-lifecycle.service.ts';
import type { findTariffById } from '../catalogue/catalogue.repository.ts';
import {
  lockOwnPackage,
  markPackageDeleted,
  swapPackageIps,
  updatePackageTerms,
  type LockedPackage,
} from './package-changes.repository.ts';

export type ChangeContext = { db: DbRoot; translator: Translator; language: Language };

/**
 * The user's package, locked, or 404: foreign, unknown and deleted ids, and packages of
 * another kind than the route serves (`types`), all read the same.
 */
export const ownPackageOr404 = async (
  tx: Db,
  userId: number,
  id: number,
  types?: readonly PackageRowType[],
): Promise<LockedPackage> => {
  const p = await lockOwnPackage(tx, userId, id);
  if (!p || (types && !types.includes(p.type))) throw new AppError('NOT_FOUND');
  return p;
};

/**
 * Takes `amountCents` from the main balance through the ledger, in the change's transaction.
 * A short balance refuses the whole change (BALANCE_SHORT naming the missing amount): the
 * transaction rolls back and nothing of the change is written.
 */
export const chargeForChange = async (
  tx: Transaction<Database>,
  userId: number,
  p: LockedPackage,
  action: 'upgrade' | 'restore',
  amountCents: number,
  comment: string,
) => {
  const type = packageEntryType(action, FAMILY_BY_PACKAGE_ROW_TYPE[p.type]);
  if (!(await chargeForPackage(tx, { userId, packageId: p.id, type, amountCents, comment })))
    throw await balanceShortError(tx, userId, amountCents);
};

/**
 * A money-moving change in one transaction, with the purchases' Idempotency-Key handling: a
 * retry with the key answers the first response, whatever happened since.
 */
export const paidChange = (
  ctx: ChangeContext,
  user: User,
  idempotency: IdempotencyClaim | null,
  change: (tx: Transaction<Database>) => Promise<PaidChangeResponse>,
): Promise<StoredAnswer<PaidChangeResponse>> =>
  ctx.db.transaction().execute(async (tx) => {
    if (idempotency) {
      const replay = await claimOrReplay<PaidChangeResponse>(tx, user.id, idempotency);
      if (replay) return replay;
    }
    const result = { statusCode: 200, body: await change(tx) };
    await storeAnswer(tx, user.id, idempotency, result);
    return result;
  });

/** A tariff the package cannot be upgraded to: a field error on tariff_id. */
export const invalidUpgradeTariff = () =>
  new AppError('VALIDATION_FAILED', {
    errors: { tariff_id: ['validation.upgrade_tariff_invalid'] },
  });

type CatalogueTariff = NonNullable<Awaited<ReturnType<typeof findTariffById>>>;

/** What an upgrade asks for: the package, the tariff to move to, the Idempotency-Key. */
export type UpgradeRequest = { id: number; tariffId: number; idempotency: IdempotencyClaim | null };

/** What an upgrade gives: the new tariff, its price now, and the package's new terms. */
export type UpgradePlan = {
  tariff: CatalogueTariff;
  priceCents: number;
  terms: Updateable<PackagesTable>;
  newTrafficPeriod: boolean;
  expiresAt: Date | null;
};

/**
 * An upgrade of the user's package (of one of `types`), in one paid change: `plan` checks the
 * package and picks the tariff, the price is taken from the balance, the package moves to the
 * new tariff (recorded with its full price, which renewals charge) plus `terms`, the owner is
 * notified and the answer carries the price paid.
 */
export const paidUpgrade = (
  ctx: ChangeContext,
  user: User,
  request: UpgradeRequest,
  types: readonly PackageRowType[],
  plan: (tx: Transaction<Database>, p: LockedPackage) => Promise<UpgradePlan>,
) =>
  paidChange(ctx, user, request.idempotency, async (tx): Promise<PaidChangeResponse> => {
    const p = await ownPackageOr404(tx, user.id, request.id, types);
    const upgrade = await plan(tx, p);
    const { tariff, priceCents } = upgrade;
    await chargeForChange(tx, user.id, p, 'upgrade', priceCents, tariff.title);
    await updatePackageTerms(
      tx,
      p.id,
      {
        tariff_id: tariff.id,
        tariff: tariffSnapshot(tariff),
        price_cents: tariff.price_cents,
        ...upgrade.terms,
      },
      { newTrafficPeriod: upgrade.newTrafficPeriod },
    );
    await notify(tx, user.id, NOTIFICATION_TYPES.packageUpgraded, {
      package: packageLabel(p),
      tariff: tariff.title,
      amount: formatDollars(toDollars(priceCents)),
    });
    return {
      success: true,
      message: ctx.translator.t(ctx.language, 'messages.package_upgraded'),
      price: toDollars(priceCents),
      expired_at: upgrade.expiresAt?.toISOString() ?? null,
    };
  });

/**
 * Deletes a package, confirmed by the account's e-mail: kept as history, cut off at the gateway,
 * its ISP addresses back in the pool, the owner notified. An active unlimited package is
 * refused (the spec hides its delete button; decision 113). `types` narrows the route
 * (DELETE /unlim/packages/:packageID serves unlimited packages only).
 */
export const deletePackage = (
  ctx: ChangeContext,
  user: User,
  id: number,
  email: string,
  types?: readonly PackageRowType[],
): Promise<PackageChangeResponse> =>
  ctx.db.transaction().execute(async (tx) => {
    const p = await ownPackageOr404(tx, user.id, id, types);
    if (!emailMatchesAccount(email, user.email))
      throw new AppError('VALIDATION_FAILED', { errors: { email: ['validation.email_match'] } });
    if (p.type === 'unlim' && p.status === 'active') throw new AppError('UNLIM_ACTIVE_UNDELETABLE');
    await markPackageDeleted(tx, p.id);
    if (p.type === 'isp') await releaseIspAddresses(tx, p.id, 'deleted');
    await notify(tx, user.id, NOTIFICATION_TYPES.packageDeleted, { package: packageLabel(p) });
    return { success: true, message: ctx.translator.t(ctx.language, 'messages.package_deleted') };
  });

/**
 * The ISP swap, once per package: as many new addresses from the pool of the package's country,
 * then the old ones back to the pool (so the package never gets its own addresses again). The
 * gateway reloads the package and binds its next connections to the new addresses.
 */
export const swapIsp = (ctx: ChangeContext, user: User, id: number): Promise<IspSwapResponse> =>
  ctx.db.transaction().execute(async (tx) => {
    const p = await ownPackageOr404(tx, user.id, id, ['isp']);
    if (p.swapped_at !== null) throw new AppError('PACKAGE_ALREADY_SWAPPED');
    if (p.status !== 'active' || p.country_id === null || p.ips.length === 0)
      throw new AppError('PACKAGE_ACTION_UNAVAILABLE');
    const reserved = await reserveIspAddresses(tx, p.country_id, p.ips.length, p.id);
    if (!reserved) throw new AppError('OUT_OF_STOCK');
    await swapPackageIps(tx, p.id, reserved.ips);
    await releaseIspAddresses(tx, p.id, 'swapped', p.ips);
    await notify(tx, user.id, NOTIFICATION_TYPES.ispSwapped, {
      package: packageLabel(p),
      country: p.country ?? reserved.label,
    });
    return {
      success: true,
      message: ctx.translator.t(ctx.language, 'messages.isp_swapped'),
      ip: reserved.ips,
      swaped: true,
    };
  });
