import type { Transaction } from 'kysely';
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
import type { Database, DbRoot, User } from '../../db/types.ts';
import type { Translator } from '../../i18n/translator.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { findBalance } from '../ledger/ledger.repository.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import {
  findIspCountry,
  findTariffById,
  findUnlimLocation,
  reserveIspStock,
} from '../catalogue/catalogue.repository.ts';
import { toUnlimLocationDto } from '../catalogue/catalogue.service.ts';
import { ipsFromPool } from '../catalogue/ip-pool.ts';
import { countUserUsages, lockPromoByCode, recordPromoUsage } from '../promo/promo.repository.ts';
import { evaluatePromo } from '../promo/promo.service.ts';
import { generatePackageCredentials } from '../packages/credentials.ts';
import { insertPackage } from '../packages/packages.repository.ts';
import type { Provisioner } from '../packages/packages.jobs.ts';
import {
  claimIdempotencyKey,
  findIdempotentResponse,
  storeIdempotentResponse,
} from './purchases.repository.ts';

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
  provisioner: Provisioner;
};

export type PurchaseResult = { statusCode: number; body: BuyResponse };

const invalid = (field: string, key: string) =>
  new AppError('VALIDATION_FAILED', { errors: { [field]: [`validation.${key}`] } });

type Tx = Transaction<Database>;

const loadTariff = async (tx: Tx, family: TariffFamily, tariffId: number) => {
  const tariff = await findTariffById(tx, tariffId);
  if (!tariff || tariff.family !== family) throw invalid('tariff_id', 'tariff_not_found');
  return tariff;
};

/**
 * One purchase in ONE transaction: price from the catalogue and the promo (the client's price
 * is never read), promo limits under the code's row lock, ISP stock reserved with a conditional
 * UPDATE, the package created `pending`, the money taken through the ledger, the notification
 * and the provisioning job queued. Any refusal throws and rolls all of it back. Lock order is
 * always promo -> ISP country -> user balance, so parallel buys cannot deadlock.
 */
export const purchase = async (
  ctx: PurchaseContext,
  user: User,
  request: PurchaseRequest,
  idempotencyKey: string | null,
): Promise<PurchaseResult> => {
  await ctx.provisioner.start();
  let shortBy: number | null = null;
  try {
    return await ctx.db.transaction().execute(async (tx) => {
      if (idempotencyKey && !(await claimIdempotencyKey(tx, user.id, idempotencyKey))) {
        const stored = await findIdempotentResponse(tx, user.id, idempotencyKey);
        if (stored?.response)
          return { statusCode: stored.status_code ?? 200, body: stored.response as BuyResponse };
        throw new AppError('CONFLICT');
      }

      const tariff = await loadTariff(tx, request.family, request.tariffId);
      let basePriceCents = tariff.price_cents;
      let periodDays = DYNAMIC_PERIOD_DAYS;
      let extra: Partial<Parameters<typeof insertPackage>[1]> = {};

      if (request.family === 'unlim') {
        const location = await findUnlimLocation(tx, request.locationId);
        if (!location) throw invalid('location_id', 'location_not_found');
        if (!isLocationAvailable(toUnlimLocationDto(location), tariff.speed_limit_mbps))
          throw new AppError('LOCATION_UNAVAILABLE', {
            errors: { location_id: ['validation.location_unavailable'] },
          });
        periodDays = tariff.duration_days ?? DYNAMIC_PERIOD_DAYS;
        extra = {
          location: location.name,
          location_id: location.id,
          speed_limit: tariff.speed_limit_mbps,
        };
      }

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
        const promo = await lockPromoByCode(tx, request.promo);
        const userUses = promo ? await countUserUsages(tx, promo.id, user.id) : 0;
        const outcome = evaluatePromo(
          promo,
          {
            family: request.family,
            tariffId: tariff.id,
            priceCents: basePriceCents,
            trafficGb: tariff.traffic_gb,
            period: request.family === 'isp' ? request.period : periodDays,
          },
          userUses,
        );
        if (!outcome.ok)
          throw new AppError('PROMO_INVALID', {
            errors: { promo: [`validation.${outcome.reason}`] },
          });
        priceCents = outcome.priceCents;
        promoId = outcome.promo.id;
      }

      if (request.family === 'isp') {
        const ports = tariff.ports ?? 0;
        const reserved = await reserveIspStock(tx, request.countryId, ports);
        if (!reserved)
          throw new AppError('OUT_OF_STOCK', {
            errors: { country_id: ['validation.out_of_stock'] },
          });
        extra = {
          country: reserved.label,
          country_id: request.countryId,
          ips: JSON.stringify(ipsFromPool(reserved.pool, reserved.from, ports)),
          auth_ip: request.ip,
          socks: request.socks,
          period_days: request.period,
        };
      }

      const created = await insertPackage(tx, {
        user_id: user.id,
        type: PACKAGE_ROW_TYPE_BY_FAMILY[request.family],
        tariff_id: tariff.id,
        tariff: JSON.stringify({
          id: tariff.id,
          key: tariff.key,
          title: tariff.title,
          price: toDollars(tariff.price_cents),
          traffic: tariff.traffic_gb,
          ports: tariff.ports,
          duration_days: tariff.duration_days,
          speed_limit: tariff.speed_limit_mbps,
        }),
        price_cents: priceCents,
        promo_code: request.promo ? request.promo.toUpperCase() : null,
        status: 'pending',
        traffic_limit_bytes: tariff.traffic_gb ? tariff.traffic_gb * GB : null,
        expires_at: new Date(Date.now() + periodDays * DAY_MS),
        period_days: periodDays,
        port_http: DEFAULT_PORTS.http,
        port_socks: DEFAULT_PORTS.socks,
        ...generatePackageCredentials(),
        ...extra,
      });

      if (priceCents > 0) {
        try {
          await postLedgerEntry(tx, {
            userId: user.id,
            account: 'main',
            type: packageEntryType('buy', request.family),
            amountCents: -priceCents,
            refType: 'package',
            refId: created.id,
            comment: tariff.title,
          });
        } catch (error) {
          if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS') {
            const balance = (await findBalance(tx, user.id, 'main')) ?? 0;
            shortBy = Math.max(1, priceCents - balance);
          }
          throw error;
        }
      }
      if (promoId !== null) await recordPromoUsage(tx, promoId, user.id, created.id);

      await notify(tx, user.id, NOTIFICATION_TYPES.packageBought, [
        { label: 'labels.package', value: tariff.title },
        { label: 'labels.amount', value: formatDollars(toDollars(priceCents)) },
      ]);
      await ctx.provisioner.enqueue(tx, created.id);

      const body: BuyResponse = {
        success: true,
        message: ctx.translator.t(ctx.language, 'messages.package_bought'),
        package_id: created.id,
        price: toDollars(priceCents),
      };
      if (idempotencyKey) await storeIdempotentResponse(tx, user.id, idempotencyKey, body, 200);
      return { statusCode: 200, body };
    });
  } catch (error) {
    if (shortBy !== null)
      throw new AppError('BALANCE_SHORT', {
        params: { missing: formatDollars(toDollars(shortBy)) },
        cause: error,
      });
    throw error;
  }
};
