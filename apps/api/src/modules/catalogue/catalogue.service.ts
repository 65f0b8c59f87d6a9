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
  findActiveTariffs,
  findIspCountries,
  findIspCountry,
  findIspTariffsForCountry,
  findUnlimLocations,
} from './catalogue.repository.ts';

type TariffRow = Awaited<ReturnType<typeof findActiveTariffs>>[number];
type LocationRow = Awaited<ReturnType<typeof findUnlimLocations>>[number];

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

export const toUnlimLocationDto = (l: LocationRow): UnlimLocation => ({
  id: l.id,
  iso2: l.iso2,
  location: { name: l.name },
  status: { is_available: l.is_available, is_active: l.is_active },
  servers: { available: l.servers_available },
  network: { speeds: { min: l.speed_min, max: l.speed_max, available: l.speed_available } },
});

export const listTariffs = async (db: Db, type: TariffType) => {
  const family = FAMILY_BY_TARIFF_TYPE[type];
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
  (await findUnlimLocations(db)).map(toUnlimLocationDto);
