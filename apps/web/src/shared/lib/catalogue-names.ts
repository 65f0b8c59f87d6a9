import {
  FAMILY_BY_PACKAGE_ROW_TYPE,
  placeName,
  type Language,
  type PackageRowType,
  type TariffFacts,
  type TariffFamily,
} from '@proxy/contract';
import { currentLanguage, i18n, translateDynamic } from '../i18n/i18n';

/*
 * The cabinet names what the catalogue and the inventory sell in the interface language, from
 * what identifies them (decision 157): a country by its ISO code, a region or city by the code
 * exits and logins use, a tariff by its family and size. The API's English names (catalogue
 * titles, location names) stay the resellers' and the documents'.
 */

const regionNames = new Map<Language, Intl.DisplayNames>();

/** A country from its ISO 3166-1 alpha-2 code ("DE" -> "Germany", "Германия"). */
export const countryName = (code: string): string => {
  const language = currentLanguage();
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a well-formed region code: shown as it came.
    return code;
  }
};

/** A region or city as exits and logins write it ("new-york"); unknown ones title-cased. */
export const placeLabel = (code: string): string =>
  translateDynamic(`base:places.${code}`, { defaultValue: placeName(code) });

/** An unlimited plan's location: its country, then its city unless the city is the country. */
export const locationName = (iso2: string, city: string | null): string => {
  const country = countryName(iso2);
  const place = city ? placeLabel(city) : null;
  return place && place !== country ? `${country}, ${place}` : country;
};

/** What a tariff is: its family and its size there. */
export type TariffSize =
  | { family: 'dynamic' | 'premium'; trafficGb: number }
  | { family: 'isp'; ports: number }
  | { family: 'unlim'; speedMbps: number; days: number };

/** "Base 5 GB", "5 IPs", "Unlimited 100 Mbps, 30 days", in the interface language. */
export const tariffName = (size: TariffSize): string => {
  switch (size.family) {
    case 'dynamic':
      return i18n.t('tariffs.dynamic', { traffic: size.trafficGb });
    case 'premium':
      return i18n.t('tariffs.premium', { traffic: size.trafficGb });
    case 'isp':
      return i18n.t('tariffs.isp', { count: size.ports });
    case 'unlim':
      return i18n.t('tariffs.unlim', { speed: size.speedMbps, count: size.days });
  }
};

/** The size of a bought tariff from a package's facts; null when they do not say it. */
const sizeOf = (family: TariffFamily, facts: TariffFacts): TariffSize | null => {
  if (family === 'isp')
    return facts.tariff_ports === null ? null : { family, ports: facts.tariff_ports };
  if (family === 'unlim')
    return facts.tariff_speed_limit === null || facts.tariff_duration_days === null
      ? null
      : { family, speedMbps: facts.tariff_speed_limit, days: facts.tariff_duration_days };
  return facts.tariff_traffic === null ? null : { family, trafficGb: facts.tariff_traffic };
};

/** A package as its tariff is named: its type, the tariff's facts and catalogue title. */
export type NamedPackage = TariffFacts & { type: PackageRowType; tariff_name: string };

/** A package's tariff by name (packages table, panels, statistics); else its catalogue title. */
export const packageTariffName = (pkg: NamedPackage): string => {
  const size = sizeOf(FAMILY_BY_PACKAGE_ROW_TYPE[pkg.type], pkg);
  return size ? tariffName(size) : pkg.tariff_name;
};
