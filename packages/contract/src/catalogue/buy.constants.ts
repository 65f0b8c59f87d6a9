/**
 * Catalogue and buy-flow constants (spec 001 sections 1-4, 9). Family mapping of
 * GET /api/tariffs?type= (docs/decisions/050-catalogue-families.md):
 *   1 -> dynamic (Base pool, product xstandart, package row type `dynamic`)
 *   4 -> premium (Premium pool, product residential, row type `vip`)
 *   5 -> isp (row type `isp`)
 *   6 -> unlim (product residential-unlim, row type `unlim`)
 */
export const TARIFF_FAMILIES = ['dynamic', 'premium', 'isp', 'unlim'] as const;
export type TariffFamily = (typeof TARIFF_FAMILIES)[number];

export const TARIFF_TYPE_BY_FAMILY = { dynamic: 1, premium: 4, isp: 5, unlim: 6 } as const;
export const TARIFF_TYPES = [1, 4, 5, 6] as const;
export type TariffType = (typeof TARIFF_TYPES)[number];
export const FAMILY_BY_TARIFF_TYPE: Record<TariffType, TariffFamily> = {
  1: 'dynamic',
  4: 'premium',
  5: 'isp',
  6: 'unlim',
};

export const PACKAGE_ROW_TYPE_BY_FAMILY = {
  dynamic: 'dynamic',
  premium: 'vip',
  isp: 'isp',
  unlim: 'unlim',
} as const;
export type PackageRowType = (typeof PACKAGE_ROW_TYPE_BY_FAMILY)[TariffFamily];
/** The catalogue family of a package row type (the ledger names entries by family). */
export const FAMILY_BY_PACKAGE_ROW_TYPE = Object.fromEntries(
  Object.entries(PACKAGE_ROW_TYPE_BY_FAMILY).map(([family, rowType]) => [rowType, family]),
) as Record<PackageRowType, TariffFamily>;

export const PACKAGE_STATUSES = [
  'active',
  'inactive',
  'deactivate',
  'pending',
  'processing',
  'empty',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** Dynamic (Base and Premium) packages are valid 30 days. */
export const DYNAMIC_PERIOD_DAYS = 30;
/**
 * The cheapest of a pool's tariffs (among equal prices the shorter period): the "from" price its
 * card shows, and for unlimited plans the period the plan builder opens on, so that the card's
 * price is what the page first offers (decision 159).
 */
export const cheapestTariff = <T extends { price: number; duration_days?: number }>(
  tariffs: readonly T[],
): T | undefined =>
  tariffs.reduce<T | undefined>(
    (best, tariff) =>
      best === undefined ||
      tariff.price < best.price ||
      (tariff.price === best.price && (tariff.duration_days ?? 0) < (best.duration_days ?? 0))
        ? tariff
        : best,
    undefined,
  );

export const DEFAULT_PORTS = { http: 8080, socks: 1080 } as const;
export const GENERATED_LOGIN_LENGTH = 20;

export const SKELETON_CARDS = 6;
export const SKELETON_PERIODS = 4;

/** ISP wizard auth types. */
export const ISP_AUTH_TYPES = ['login', 'ip'] as const;
export type IspAuthType = (typeof ISP_AUTH_TYPES)[number];
/** ISP wizard protocols: socks flag of the payload. */
export const ISP_PROTOCOLS = ['http', 'socks'] as const;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * Speeds come as text with a unit ("100 Mbps", "1 GB", "500 KB"). Everything is compared in
 * Mbps: GB counts as 1000, KB as 1/1000, Mbps (or a bare number) as 1 (spec section 4).
 */
export const SPEED_UNIT_FACTORS = { gb: 1000, mbps: 1, mb: 1, kb: 1 / 1000 } as const;

export const speedToMbps = (value: string | number | null | undefined): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!match?.[1]) return null;
  const unit = (match[2] ?? '').toLowerCase() || 'mbps';
  const factor = (SPEED_UNIT_FACTORS as Record<string, number>)[unit];
  return factor === undefined ? null : Number(match[1]) * factor;
};

/** The shape of an unlimited location in the API (spec field names). */
export type UnlimLocation = {
  id: number;
  iso2: string;
  /** `city`: the city code logins and exits use (null: the whole country). */
  location: { name: string; city: string | null };
  status: { is_available: boolean; is_active: boolean };
  servers: { available: number };
  network: { speeds: { min: string; max: string; available: string } };
};

/**
 * A location can be chosen only if it is available and active, has servers, and the chosen
 * speed (Mbps) lies within its min-max.
 */
export const isLocationAvailable = (
  location: UnlimLocation,
  speedMbps: number | null | undefined,
): boolean => {
  if (!location.status.is_available || !location.status.is_active) return false;
  if (!(location.servers.available > 0)) return false;
  if (speedMbps === null || speedMbps === undefined) return false;
  const min = speedToMbps(location.network.speeds.min);
  const max = speedToMbps(location.network.speeds.max);
  if (min === null || max === null) return false;
  return speedMbps >= min && speedMbps <= max;
};

/** Unlimited tariff matching the plan builder's period and speed. */
export const findUnlimTariff = <T extends { duration_days: number; speed_limit: number }>(
  tariffs: readonly T[],
  durationDays: number | null | undefined,
  speedLimit: number | null | undefined,
): T | undefined =>
  tariffs.find((t) => t.duration_days === durationDays && t.speed_limit === speedLimit);

/** Price in cents after a promo: percent off (rounded half-up), or a fixed per-GB price for traffic tariffs. */
export const applyPromoCents = (
  tariff: { priceCents: number; trafficGb: number | null },
  promo: { percent: number | null; perGbCents: number | null },
): number | null => {
  if (promo.perGbCents !== null && tariff.trafficGb !== null && tariff.trafficGb > 0) {
    return Math.min(tariff.priceCents, promo.perGbCents * tariff.trafficGb);
  }
  if (promo.percent !== null && promo.percent > 0) {
    return Math.round((tariff.priceCents * (100 - promo.percent)) / 100);
  }
  return null;
};
