import {
  DYNAMIC_PERIOD_DAYS,
  FAMILY_BY_TARIFF_TYPE,
  ISP_PERIODS,
  perGbCents,
  toDollars,
  type DynamicTariffDto,
  type IspCountryDto,
  type IspPeriodsDto,
  type IspTariffDto,
  type TariffType,
  type UnlimLocation,
  type UnlimTariffDto,
} from '@proxy/contract';
import type { Db } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import {
  findUnlimCapacity,
  isPoolServed,
  type UnlimCapacityRow,
} from '../inventory/inventory.repository.ts';
import {
  findActiveTariffs,
  findIspCountries,
  findIspTariffsForCountry,
  findIspCountry,
} from './catalogue.repository.ts';

type TariffRow = Awaited<ReturnType<typeof findActiveTariffs>>[number];

export const toDynamicTariffDto = (t: TariffRow): DynamicTariffDto => ({
  id: t.id,
  title: t.title,
  price: toDollars(t.price_cents),
  traffic: t.traffic_gb ?? 0,
  // Per-GB price to the cent, for display ("$0.95 / GB").
  per_gb: toDollars(perGbCents(t.price_cents, t.traffic_gb)),
  period_days: DYNAMIC_PERIOD_DAYS,
});

export const toIspTariffDto = (t: TariffRow): IspTariffDto => ({
  id: t.id,
  title: t.title,
  ports: t.ports ?? 0,
  price: toDollars(t.price_cents),
  country_id: t.country_id ?? 0,
});

export const toUnlimTariffDto = (t: TariffRow): UnlimTariffDto => ({
  id: t.id,
  title: t.title,
  price: toDollars(t.price_cents),
  duration_days: t.duration_days ?? 0,
  speed_limit: t.speed_limit_mbps ?? 0,
});

/** The smallest speed a location sells: any unlimited tariff's speed is at least this. */
const MIN_UNLIM_SPEED_MBPS = 1;

/**
 * A location as its inventory has it (decision 154): its serving exits are its servers, their
 * bandwidth less the speeds sold there is what is available, and no single plan exceeds the
 * largest exit or what is left, so the spec's rule (speed within min..max) refuses what the
 * location cannot carry.
 */
export const toUnlimLocationDto = (l: UnlimCapacityRow): UnlimLocation => {
  const available = Math.max(0, l.capacity_mbps - (l.sold_mbps ?? 0));
  return {
    id: l.id,
    iso2: l.iso2,
    location: { name: l.name, city: l.city },
    status: { is_available: l.servers > 0 && available > 0, is_active: l.is_active },
    servers: { available: l.servers },
    network: {
      speeds: {
        min: `${MIN_UNLIM_SPEED_MBPS} Mbps`,
        max: `${Math.min(l.largest_mbps, available)} Mbps`,
        available: `${available} Mbps`,
      },
    },
  };
};

export const listTariffs = async (db: Db, type: TariffType) => {
  const family = FAMILY_BY_TARIFF_TYPE[type];
  // A traffic pool nobody serves sells nothing (decision 154).
  if ((family === 'dynamic' || family === 'premium') && !(await isPoolServed(db, family)))
    return [];
  const rows = await findActiveTariffs(db, family);
  if (family === 'isp') return rows.map(toIspTariffDto);
  if (family === 'unlim') return rows.map(toUnlimTariffDto);
  return rows.map(toDynamicTariffDto);
};

export const listIspCountries = async (db: Db): Promise<IspCountryDto[]> =>
  (await findIspCountries(db)).map((c) => ({
    id: c.id,
    label: c.label,
    iso2: c.iso2,
    count: Math.max(0, c.count),
  }));

export const ispPeriods = (): IspPeriodsDto =>
  Object.fromEntries(
    ISP_PERIODS.map((days) => [String(days), { days, label_key: `periods.${days}` }]),
  );

export const listIspTariffs = async (db: Db, countryId: number): Promise<IspTariffDto[]> => {
  const country = await findIspCountry(db, countryId);
  if (!country) throw new AppError('NOT_FOUND');
  return (await findIspTariffsForCountry(db, countryId)).map(toIspTariffDto);
};

export const listUnlimTariffs = async (db: Db) =>
  (await findActiveTariffs(db, 'unlim')).map(toUnlimTariffDto);

export const listUnlimLocations = async (db: Db) =>
  (await findUnlimCapacity(db)).map(toUnlimLocationDto);
