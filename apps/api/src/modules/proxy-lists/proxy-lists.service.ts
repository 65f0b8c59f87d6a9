import countryNames from 'i18n-iso-countries';
import type { PROXY_LIST_SORT_FIELDS } from '@proxy/contract';
import {
  AUTH_TYPES,
  GENERATOR_PACKAGE_TYPES,
  LIST_LOGIN_LENGTH,
  LOCATION_PRESETS,
  PROXY_LIST_ERROR_KEYS,
  PROXY_LIST_PACKAGE_TYPES,
  placeName,
  presetCountries,
  type CreateProxyList,
  type GeneratorRequest,
  type Language,
  type LocationPreset,
  type ProxyListRow,
} from '@proxy/contract';
import type { Db } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { pageAnswer, pageOf, type ListQuery } from '../../lib/list-query.ts';
import { randomAlphanumeric, revealPackagePassword } from '../packages/credentials.ts';
import type { GatewayAddress } from '../packages/packages.service.ts';
import { generateLines, listLines, type GeneratorTarget } from './proxy-lines.ts';
import {
  deleteList,
  findList,
  findListsPage,
  findOwnedPackage,
  insertIpList,
  insertLoginList,
  renameList,
  type NewProxyList,
  type OwnedPackage,
  type ProxyListRecord,
} from './proxy-lists.repository.ts';
import { findServedPlaces, type ServedPlace } from '../inventory/inventory.repository.ts';

/** The range IP lists take their ports from (GATEWAY_LIST_PORTS). */
export type PortRange = { first: number; last: number };

/** What printing needs besides the rows: the gateway's address and the data key. */
export type PrintContext = { gateway: GatewayAddress; dataKey: Buffer };

const familyHas = (families: readonly string[], pkg: OwnedPackage | undefined) =>
  pkg !== undefined && families.includes(pkg.type);

/**
 * The owner's package of a family with lists (404 for a foreign or unknown package, and for a
 * family without lists: the lists resource does not exist there).
 */
const listPackageOf = async (db: Db, userId: number, packageId: number) => {
  const pkg = await findOwnedPackage(db, userId, { id: packageId });
  if (!pkg || !familyHas(PROXY_LIST_PACKAGE_TYPES, pkg)) throw new AppError('NOT_FOUND');
  return pkg;
};

/** New lines only for a package the gateway serves now. */
const requireActive = (pkg: OwnedPackage) => {
  if (pkg.status !== 'active') throw new AppError('PACKAGE_NOT_ACTIVE');
};

const notServed = (field: string, key: string) =>
  new AppError('LOCATION_NOT_SERVED', { errors: { [field]: [key] } });

const servedCountries = (places: ServedPlace[]) => new Set(places.map((place) => place.country));

/** The presets that stand for at least one served country (custom: any served country). */
const servedPresets = (countries: Set<string>): LocationPreset[] =>
  countries.size === 0
    ? []
    : LOCATION_PRESETS.filter(
        (preset) => preset === 'custom' || presetCountries(preset, countries).length > 0,
      );

type PlaceFilter = { country: string; region?: string | null; city?: string | null };
const placesIn = (places: ServedPlace[], filter: PlaceFilter) =>
  places.filter(
    (place) =>
      place.country === filter.country &&
      (!filter.region || place.region === filter.region) &&
      (!filter.city || place.city === filter.city),
  );

/**
 * A list's location must be one the active exits serve (decision 116): a preset standing for
 * at least one served country; custom countries each served; a region, city and ISP served in
 * the one country (each within the levels above it).
 */
const checkLocation = (input: CreateProxyList, places: ServedPlace[]) => {
  const countries = servedCountries(places);
  if (input.location_preset !== 'custom') {
    if (presetCountries(input.location_preset, countries).length === 0)
      throw notServed('location_preset', PROXY_LIST_ERROR_KEYS.countries);
    return;
  }
  if (input.countries.some((country) => !countries.has(country)))
    throw notServed('countries', PROXY_LIST_ERROR_KEYS.countries);
  const country = input.countries[0] ?? '';
  const { region, city, isp } = input;
  if (region && placesIn(places, { country, region }).length === 0)
    throw notServed('region', PROXY_LIST_ERROR_KEYS.regions);
  if (city && placesIn(places, { country, region, city }).length === 0)
    throw notServed('city', PROXY_LIST_ERROR_KEYS.cities);
  if (isp && !placesIn(places, { country, region, city }).some((place) => place.isp === isp))
    throw notServed('isp', PROXY_LIST_ERROR_KEYS.isps);
};

const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';
const codeOf = (error: unknown) => (error as { code?: unknown }).code;
/** Creations racing for one port block, or (never in practice) one login: tries again. */
const CREATE_ATTEMPTS = 8;

/**
 * POST /packages/:id/proxy-lists: a login list gets a fresh 20-character login; an IP list the
 * lowest free block of ports_count ports in the configured range (409 when none is left).
 */
export const createProxyList = async (
  db: Db,
  userId: number,
  packageId: number,
  input: CreateProxyList,
  ports: PortRange,
): Promise<number> => {
  const pkg = await listPackageOf(db, userId, packageId);
  requireActive(pkg);
  checkLocation(input, await findServedPlaces(db, 'dynamic'));
  const isIpList = input.auth_type === AUTH_TYPES.ip;
  for (let attempt = 1; ; attempt++) {
    const row: NewProxyList = {
      package_id: pkg.id,
      name: input.name,
      auth_type: input.auth_type,
      login: isIpList ? null : randomAlphanumeric(LIST_LOGIN_LENGTH),
      white_list: input.white_list,
      location_preset: input.location_preset,
      countries: input.location_preset === 'custom' ? input.countries : [],
      region: input.region,
      city: input.city,
      isp: input.isp,
      rotation_period: input.rotation_period,
      proxy_link_format: input.proxy_link_format,
      proxy_format: input.proxy_format,
      ports_count: input.ports_count,
    };
    try {
      if (!isIpList) return await insertLoginList(db, row);
      const id = await insertIpList(db, row, ports);
      if (id === undefined) throw new AppError('LIST_PORTS_EXHAUSTED');
      return id;
    } catch (error) {
      const code = codeOf(error);
      const retry = code === EXCLUSION_VIOLATION || code === UNIQUE_VIOLATION;
      if (!retry || attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
};

/** A list row as the list modal shows it; a preset's geo is what its exits serve now. */
const toRow = (list: ProxyListRecord, served: Set<string>): ProxyListRow => ({
  id: list.id,
  name: list.name,
  geo: (list.location_preset === 'custom'
    ? list.countries
    : presetCountries(list.location_preset, served)
  ).map((country) => ({ country })),
  ports: list.ports_count,
  auth_type: list.auth_type,
  location_preset: list.location_preset,
  region: list.region,
  city: list.city,
  isp: list.isp,
  rotation_period: list.rotation_period,
  proxy_link_format: list.proxy_link_format,
  proxy_format: list.proxy_format,
  login: list.login,
  white_list: list.white_list,
  port_start: list.port_start,
  created_at: list.created_at.toISOString(),
});

export const listProxyLists = async (
  db: Db,
  userId: number,
  packageId: number,
  query: ListQuery<(typeof PROXY_LIST_SORT_FIELDS)[number]> & { search?: string | undefined },
) => {
  const pkg = await listPackageOf(db, userId, packageId);
  const [page, places] = await Promise.all([
    findListsPage(db, pkg.id, { ...pageOf(query), search: query.search }),
    findServedPlaces(db, 'dynamic'),
  ]);
  const served = servedCountries(places);
  return pageAnswer(query, page, (list) => toRow(list, served));
};

export const renameProxyList = async (
  db: Db,
  userId: number,
  packageId: number,
  listId: number,
  name: string,
) => {
  const pkg = await listPackageOf(db, userId, packageId);
  if (!(await renameList(db, pkg.id, listId, name))) throw new AppError('NOT_FOUND');
};

export const deleteProxyList = async (
  db: Db,
  userId: number,
  packageId: number,
  listId: number,
) => {
  const pkg = await listPackageOf(db, userId, packageId);
  if (!(await deleteList(db, pkg.id, listId))) throw new AppError('NOT_FOUND');
};

/** A list addressed as contents and exports address it: package key, list id, current name. */
export type ListAddress = { packageKey: string; id: number; name: string };

/**
 * The owner's list and its lines as printed (`lines()`, lazily, with the package's password),
 * or 404: a foreign or unknown package key, another package's list id, or a name that is not
 * the list's.
 */
export const findPrintableList = async (
  db: Db,
  userId: number,
  address: ListAddress,
  context: PrintContext,
) => {
  const pkg = await findOwnedPackage(db, userId, { packageKey: address.packageKey });
  if (!pkg || !familyHas(PROXY_LIST_PACKAGE_TYPES, pkg)) throw new AppError('NOT_FOUND');
  const list = await findList(db, pkg.id, address.id);
  if (!list || list.name !== address.name) throw new AppError('NOT_FOUND');
  const password = revealPackagePassword(context.dataKey, pkg);
  return { list, lines: () => listLines(list, context.gateway, password) };
};

export type PrintableList = Awaited<ReturnType<typeof findPrintableList>>;

/** Several lists, every one checked before any is printed (one foreign, unknown or renamed: 404). */
export const findPrintableLists = async (
  db: Db,
  userId: number,
  addresses: ListAddress[],
  context: PrintContext,
) => {
  const printable: PrintableList[] = [];
  for (const address of addresses)
    printable.push(await findPrintableList(db, userId, address, context));
  return printable;
};

/** GET /proxy-list/:packageKey/:id/:name: the lines as printed. */
export const getProxyListContents = async (
  db: Db,
  userId: number,
  address: ListAddress,
  context: PrintContext,
) => [...(await findPrintableList(db, userId, address, context)).lines()];

/* ---------- location options ---------- */

const byName = <T extends { name: string }>(items: T[]) =>
  items.sort((a, b) => a.name.localeCompare(b.name));

const countryName = (code: string, language: Language) =>
  countryNames.getName(code, language) ?? code;

export const listLocationCountries = async (db: Db) => {
  const countries = servedCountries(await findServedPlaces(db, 'dynamic'));
  return {
    presets: servedPresets(countries),
    countries: [...countries]
      .map((code) => ({
        code,
        name: { en: countryName(code, 'en'), ru: countryName(code, 'ru') },
      }))
      .sort((a, b) => a.name.en.localeCompare(b.name.en)),
  };
};

const distinctOptions = (values: (string | null)[], name: (value: string) => string) =>
  byName(
    [...new Set(values.filter((value): value is string => value !== null))].map((code) => ({
      code,
      name: name(code),
    })),
  );

export const listLocationRegions = async (db: Db, filter: PlaceFilter) => ({
  data: distinctOptions(
    placesIn(await findServedPlaces(db, 'dynamic'), { country: filter.country }).map(
      (p) => p.region,
    ),
    placeName,
  ),
});

export const listLocationCities = async (db: Db, filter: PlaceFilter) => ({
  data: distinctOptions(
    placesIn(await findServedPlaces(db, 'dynamic'), filter).map((p) => p.city),
    placeName,
  ),
});

export const listLocationIsps = async (db: Db, filter: PlaceFilter) => ({
  data: distinctOptions(
    placesIn(await findServedPlaces(db, 'dynamic'), filter).map((p) => p.isp),
    (isp) => isp,
  ),
});

/** The generator's locations: id is the ISO 3166 numeric code, names in the request's language. */
export const listPremiumLocations = async (db: Db, language: Language) => {
  const places = await findServedPlaces(db, 'premium');
  return {
    data: [...servedCountries(places)]
      .map((iso2) => ({
        id: Number(countryNames.alpha2ToNumeric(iso2) ?? 0),
        iso2,
        name: countryName(iso2, language),
        cities: distinctOptions(
          placesIn(places, { country: iso2 }).map((p) => p.city),
          placeName,
        ),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
};

/* ---------- the generator ---------- */

/**
 * Where generated lines exit: each chosen city (in whichever chosen country serves it), else
 * each chosen country, else anywhere. Every choice must be served by an active exit.
 */
const generatorTargets = (input: GeneratorRequest, places: ServedPlace[]): GeneratorTarget[] => {
  const countries = servedCountries(places);
  if (input.countries.some((country) => !countries.has(country)))
    throw notServed('countries', PROXY_LIST_ERROR_KEYS.countries);
  if (input.cities.length === 0) return input.countries.map((country) => ({ country, city: null }));
  return input.cities.map((city) => {
    const place = places.find(
      (candidate) => candidate.city === city && input.countries.includes(candidate.country),
    );
    if (!place) throw notServed('cities', PROXY_LIST_ERROR_KEYS.cities);
    return { country: place.country, city };
  });
};

/** POST /packages/:id/proxy-generator: lines with the package's own login and password. */
export const generateProxies = async (
  db: Db,
  userId: number,
  packageId: number,
  input: GeneratorRequest,
  context: PrintContext,
) => {
  const pkg = await findOwnedPackage(db, userId, { id: packageId });
  if (!pkg || !familyHas(GENERATOR_PACKAGE_TYPES, pkg)) throw new AppError('NOT_FOUND');
  requireActive(pkg);
  const targets = generatorTargets(input, await findServedPlaces(db, 'premium'));
  return generateLines({
    login: pkg.login,
    password: revealPackagePassword(context.dataKey, pkg),
    host: context.gateway.host,
    port: input.protocols === 'socks5' ? context.gateway.socksPort : context.gateway.httpPort,
    format: input.format,
    count: input.proxy_count,
    stickySeconds: input.type === 'sticky' ? input.lifetime * input.timespan : null,
    targets,
  });
};
