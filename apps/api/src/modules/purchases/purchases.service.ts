import { sql } from 'kysely';
import {
  DEFAULT_PORTS,
  DYNAMIC_PERIOD_DAYS,
  PACKAGE_ROW_TYPE_BY_FAMILY,
  formatDollars,
  isIspPeriod,
  isLocationAvailable,
  ispPriceCents,
  packageEntryType,
  toDollars,
  type BuyResponse,
  type Language,
  type TariffFamily,
} from '@proxy/contract';
import type { Db, DbRoot, User } from '@proxy/db';
import type { Translator } from '../../i18n/translator.ts';
import { AppError } from '../../lib/app-error.ts';
import { balanceShortError, ledgerDebitSql } from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notifySql } from '../notifications/notifications.service.ts';
import { findIspCountry, tariffIsCurrentSql } from '../catalogue/catalogue.repository.ts';
import {
  findUnlimCapacity,
  isPoolServed,
  lockUnlimLocation,
} from '../inventory/inventory.repository.ts';
import { assignIspAddresses, takeFreeIspAddresses } from '../inventory/isp-addresses.repository.ts';
import { findCachedTariff, forgetCachedTariff } from '../catalogue/tariff-cache.ts';
import { toUnlimLocationDto } from '../catalogue/catalogue.service.ts';
import { recordPromoUsage } from '../promo/promo.repository.ts';
import { applyPromoCode } from '../promo/promo.service.ts';
import { generatePackageCredentials } from '../packages/credentials.ts';
import { insertPackageSql, type NewPackage } from '../packages/packages.repository.ts';
import { provisioningOutboxJob } from '../packages/packages.jobs.ts';
import { kickOutbox, outboxInsertSql } from '../jobs/outbox.ts';
import {
  newPackageIdSql,
  newPackageWrittenSql,
  PURCHASE_CTES,
  writePurchase,
} from './purchases.repository.ts';
import { claimOrReplay, storeAnswer, type IdempotencyClaim } from './idempotency.ts';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

export type PurchaseRequest =
  | { family: 'dynamic' | 'premium'; tariffId: number; promo: string | null }
  | { family: 'unlim'; tariffId: number; locationId: number; promo: string | null }
  | {
      family: 'isp';
      tariffId: number;
      countryId: number;
      period: number;
      quantity: number | undefined;
      ip: string | null;
      socks: boolean;
      promo: string | null;
    };

export type PurchaseContext = {
  db: DbRoot;
  translator: Translator;
  language: Language;
  /** DATA_ENCRYPTION_KEY: package passwords are stored sealed. */
  dataKey: Buffer;
};

export type PurchaseResult = { statusCode: number; body: BuyResponse };

const invalid = (field: string, key: string) =>
  new AppError('VALIDATION_FAILED', { errors: { [field]: [`validation.${key}`] } });

const loadTariff = async (db: DbRoot, via: Db, family: TariffFamily, tariffId: number) => {
  const tariff = await findCachedTariff(db, tariffId, via);
  if (!tariff || tariff.family !== family) throw invalid('tariff_id', 'tariff_not_found');
  return tariff;
};

type Tariff = Awaited<ReturnType<typeof loadTariff>>;

type TariffRow = Pick<
  Tariff,
  | 'id'
  | 'key'
  | 'title'
  | 'price_cents'
  | 'traffic_gb'
  | 'ports'
  | 'duration_days'
  | 'speed_limit_mbps'
>;

/** The tariff as a package keeps it (packages.tariff): what was bought, whatever changes later. */
export const tariffSnapshot = (tariff: TariffRow) =>
  JSON.stringify({
    id: tariff.id,
    key: tariff.key,
    title: tariff.title,
    price: toDollars(tariff.price_cents),
    traffic: tariff.traffic_gb,
    ports: tariff.ports,
    duration_days: tariff.duration_days,
    speed_limit: tariff.speed_limit_mbps,
  });

/** The cached tariff a purchase priced from has changed since: read it again and start over. */
class TariffChanged extends Error {}

/** Attempts of a purchase whose cached tariff turned out stale (a reload in between). */
const TARIFF_ATTEMPTS = 3;

/**
 * Writes the package, the money, the notification and the jobs (provisioning, the
 * notification's mail and Telegram message, into the outbox) in one statement (writePurchase);
 * throws BALANCE_SHORT (nothing written) when the balance is short.
 */
const writeNewPackage = async (
  db: Db,
  user: User,
  tariff: Tariff,
  priceCents: number,
  family: TariffFamily,
  values: NewPackage,
): Promise<number> => {
  const tariffIsCurrent = tariffIsCurrentSql(tariff.id, tariff.version);
  const debit =
    priceCents > 0
      ? ledgerDebitSql(
          {
            userId: user.id,
            account: 'main',
            type: packageEntryType('buy', family),
            amountCents: -priceCents,
            refType: 'package',
            comment: tariff.title,
          },
          PURCHASE_CTES.debit,
          tariffIsCurrent,
        )
      : null;
  const written = debit ? sql<boolean>`EXISTS (SELECT 1 FROM debit)` : tariffIsCurrent;
  const notification = notifySql(
    user.id,
    NOTIFICATION_TYPES.packageBought,
    { package: tariff.title, amount: formatDollars(toDollars(priceCents)) },
    PURCHASE_CTES.channels,
    newPackageWrittenSql,
  );
  const row = await writePurchase(db, {
    debit: debit && { change: debit.change, entry: debit.entry(sql`${newPackageIdSql}::text`) },
    newPackage: insertPackageSql(values, written),
    channels: notification.channels,
    notification: notification.notification,
    jobs: outboxInsertSql([
      provisioningOutboxJob(newPackageIdSql, newPackageWrittenSql),
      notification.mail,
      notification.telegram,
    ]),
    tariffIsCurrent,
  });
  if (row.package_id !== null) return row.package_id;
  if (!row.tariff_is_current) throw new TariffChanged();
  throw await balanceShortError(db, user.id, priceCents);
};

/**
 * One purchase, atomic: price from the catalogue and the promo (the client's price is never
 * read), promo limits under the code's row lock, inventory reserved (ISP addresses under their
 * country's lock, an unlimited location's bandwidth under the location's lock; decision 154),
 * then the package (created `pending`), the money through the ledger, the notification and the
 * jobs in one statement (writeNewPackage). A plain purchase is that statement alone; an
 * Idempotency-Key, a promo or inventory put it in a transaction with those steps. Any refusal
 * throws and rolls all of it back. Lock order is always promo -> ISP country or unlimited
 * location -> user balance, so parallel buys cannot deadlock. Once committed, the jobs leave the
 * outbox for pg-boss (kickOutbox); the answer does not wait for that.
 */
export const purchase = async (
  ctx: PurchaseContext,
  user: User,
  request: PurchaseRequest,
  idempotency: IdempotencyClaim | null,
): Promise<PurchaseResult> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const run = (db: Db) => purchaseWith(db, ctx, user, request, idempotency);
      const needsTransaction =
        idempotency !== null ||
        request.promo !== null ||
        request.family === 'isp' ||
        request.family === 'unlim';
      const result = needsTransaction ? await ctx.db.transaction().execute(run) : await run(ctx.db);
      void kickOutbox();
      return result;
    } catch (error) {
      if (!(error instanceof TariffChanged) || attempt >= TARIFF_ATTEMPTS) throw error;
      forgetCachedTariff(ctx.db, request.tariffId);
    }
  }
};

const purchaseWith = async (
  tx: Db,
  ctx: PurchaseContext,
  user: User,
  request: PurchaseRequest,
  idempotency: IdempotencyClaim | null,
): Promise<PurchaseResult> => {
  if (idempotency) {
    const replay = await claimOrReplay<BuyResponse>(tx, user.id, idempotency);
    if (replay) return replay;
  }

  const tariff = await loadTariff(ctx.db, tx, request.family, request.tariffId);
  let basePriceCents = tariff.price_cents;
  let periodDays = DYNAMIC_PERIOD_DAYS;
  let extra: Partial<NewPackage> = {};
  if (request.family === 'unlim') periodDays = tariff.duration_days ?? DYNAMIC_PERIOD_DAYS;
  if (
    (request.family === 'dynamic' || request.family === 'premium') &&
    !(await isPoolServed(tx, request.family))
  )
    throw new AppError('OUT_OF_STOCK');

  let ispCountry: Awaited<ReturnType<typeof findIspCountry>>;
  if (request.family === 'isp') {
    if (!isIspPeriod(request.period)) throw invalid('period', 'invalid_period');
    ispCountry = await findIspCountry(tx, request.countryId);
    if (!ispCountry) throw invalid('country_id', 'country_not_found');
    if (tariff.country_id !== ispCountry.id) throw invalid('tariff_id', 'tariff_not_found');
    const ports = tariff.ports ?? 0;
    if (request.quantity !== undefined && request.quantity !== ports)
      throw invalid('quantity', 'quantity_mismatch');
    basePriceCents = ispPriceCents({ priceCents: tariff.price_cents, ports }, request.period);
    periodDays = request.period;
  }

  let priceCents = basePriceCents;
  let promoId: number | null = null;
  if (request.promo) {
    const applied = await applyPromoCode(tx, request.promo, user.id, {
      family: request.family,
      tariffId: tariff.id,
      priceCents: basePriceCents,
      trafficGb: tariff.traffic_gb,
      period: request.family === 'isp' ? request.period : periodDays,
    });
    priceCents = applied.priceCents;
    promoId = applied.promoId;
  }

  if (request.family === 'unlim') {
    // The location's lock first, then its free bandwidth read in a statement of its own, so it
    // counts every speed sold before this purchase got the lock.
    if (!(await lockUnlimLocation(tx, request.locationId)))
      throw invalid('location_id', 'location_not_found');
    const [location] = await findUnlimCapacity(tx, { id: request.locationId });
    if (!location || !isLocationAvailable(toUnlimLocationDto(location), tariff.speed_limit_mbps))
      throw new AppError('LOCATION_UNAVAILABLE', {
        errors: { location_id: ['validation.location_unavailable'] },
      });
    extra = {
      location: location.name,
      location_id: location.id,
      speed_limit: tariff.speed_limit_mbps,
    };
  }

  let ispAddresses: string[] = [];
  if (request.family === 'isp') {
    const ports = tariff.ports ?? 0;
    const reserved = await takeFreeIspAddresses(tx, request.countryId, ports);
    if (!reserved)
      throw new AppError('OUT_OF_STOCK', {
        errors: { country_id: ['validation.out_of_stock'] },
      });
    ispAddresses = reserved.ips;
    extra = {
      country: reserved.label,
      country_id: request.countryId,
      ips: JSON.stringify(reserved.ips),
      auth_ip: request.ip,
      socks: request.socks,
      period_days: request.period,
    };
  }

  const values: NewPackage = {
    user_id: user.id,
    type: PACKAGE_ROW_TYPE_BY_FAMILY[request.family],
    tariff_id: tariff.id,
    tariff: tariffSnapshot(tariff),
    price_cents: priceCents,
    promo_code: request.promo ? request.promo.toUpperCase() : null,
    status: 'pending',
    traffic_limit_bytes: tariff.traffic_gb ? tariff.traffic_gb * GB : null,
    expires_at: new Date(Date.now() + periodDays * DAY_MS),
    period_days: periodDays,
    port_http: DEFAULT_PORTS.http,
    port_socks: DEFAULT_PORTS.socks,
    ...generatePackageCredentials(ctx.dataKey),
    ...extra,
  };
  const packageId = await writeNewPackage(tx, user, tariff, priceCents, request.family, values);
  await assignIspAddresses(tx, packageId, ispAddresses);
  if (promoId !== null) await recordPromoUsage(tx, promoId, user.id, packageId);

  const body: BuyResponse = {
    success: true,
    message: ctx.translator.t(ctx.language, 'messages.package_bought'),
    package_id: packageId,
    price: toDollars(priceCents),
  };
  const result = { statusCode: 200, body };
  await storeAnswer(tx, user.id, idempotency, result);
  return result;
};
