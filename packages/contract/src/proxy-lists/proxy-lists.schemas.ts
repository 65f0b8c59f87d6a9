import { z } from 'zod';
import { packageIdParam } from '../packages/packages.schemas.ts';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { isIpv4 } from '../catalogue/buy.schemas.ts';
import {
  COUNTRY_CODE_ALIASES,
  ISO_COUNTRY_CODES,
  MAX_SESSION_TTL_SECONDS,
  TARGETING_CITY_MAX_LENGTH,
} from '../proxy/targeting.constants.ts';
import { exportFormatSchema } from '../exports/export.constants.ts';
import { listQuerySchema } from '../tables/tables.schemas.ts';
import { listResponseSchema } from '../common/responses.ts';
import {
  AUTH_TYPES,
  GENERATOR_CITIES_MAX,
  GENERATOR_COUNT_MAX,
  GENERATOR_FORMATS,
  GENERATOR_PROTOCOLS,
  GENERATOR_DEFAULT_LIFETIME,
  GENERATOR_DEFAULT_TIMESPAN,
  GENERATOR_TIMESPANS,
  GENERATOR_TYPES,
  LIST_NAME_MAX_LENGTH,
  LOCATION_COUNTRIES_MAX,
  LOCATION_PRESETS,
  PORTS_COUNT_MAX,
  PROXY_LINK_FORMATS,
  PROXY_LIST_ERROR_KEYS,
  PROXY_LIST_SORT_FIELDS,
  ROTATION_PERIODS,
  WHITE_LIST_MAX,
  proxyFormatsOf,
  type AuthType,
} from './proxy-lists.constants.ts';

const COUNTRIES: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);

/** A country code as customers send it (any case, `uk` for GB), upper case; null if none. */
export const toCountryCode = (value: string): string | null => {
  const upper = value.trim().toUpperCase();
  if (COUNTRIES.has(upper)) return upper;
  return COUNTRY_CODE_ALIASES[upper] ?? null;
};

/** A place (region, city) as exits declare it and logins name it: lower case, `-` for spaces. */
export const toPlaceCode = (value: string): string =>
  value.trim().toLowerCase().replace(/\s+/g, '-');

const PLACE = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;
const LIST_NAME = /^[\p{L}\p{N}]+$/u;
/** A number as JSON or form text: digits with an optional sign and fraction. */
const NUMERIC_TEXT = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * A number sent as JSON or as text. Missing or empty reads `requiredKey`, text that is not a
 * plain number reads `notNumberKey`.
 */
const numberInput = (requiredKey: string, notNumberKey: string) =>
  z
    .union([z.number(), textField(), z.null()], { error: notNumberKey })
    .optional()
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === undefined || text === null || text === '') {
        ctx.addIssue({ code: 'custom', message: requiredKey });
        return z.NEVER;
      }
      if (typeof text === 'string' && !NUMERIC_TEXT.test(text)) {
        ctx.addIssue({ code: 'custom', message: notNumberKey });
        return z.NEVER;
      }
      return Number(text);
    });

/** One of a fixed set of numbers (options of a select), sent as a number or as text. */
const numericChoice = <const T extends readonly number[]>(values: T) =>
  numberInput(VALIDATION_KEYS.required, VALIDATION_KEYS.invalidType).refine(
    (value): value is T[number] => (values as readonly number[]).includes(value),
    VALIDATION_KEYS.invalidType,
  );

const countriesField = z
  .array(textField().max(8, VALIDATION_KEYS.invalidType), { error: VALIDATION_KEYS.invalidType })
  .max(LOCATION_COUNTRIES_MAX, VALIDATION_KEYS.tooLong)
  .transform((codes, ctx) => {
    const out = new Set<string>();
    for (const code of codes) {
      const country = toCountryCode(code);
      if (country === null) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.invalidType });
        return z.NEVER;
      }
      out.add(country);
    }
    return [...out];
  });

/** An optional place: absent, null and empty all mean none. */
const placeField = (maxLength: number) =>
  textField()
    .max(maxLength, VALIDATION_KEYS.tooLong)
    .nullish()
    .transform((value) => (value ? toPlaceCode(value) : null))
    .refine((value) => value === null || PLACE.test(value), VALIDATION_KEYS.invalidType);

/** An ISP as exits declare it: its name, trimmed; absent, null and empty mean any. */
const ispField = textField({ trim: true })
  .max(100, VALIDATION_KEYS.tooLong)
  .nullish()
  .transform((value) => (value ? value : null));

/** One IPv4 address or several (separated by commas, spaces or new lines), or an array. */
const whiteListField = z
  .union([textField({ multiline: true }), z.array(textField()), z.null()], {
    error: PROXY_LIST_ERROR_KEYS.whiteList,
  })
  .optional()
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : (value ?? '').split(/[\s,;]+/))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.some((part) => !isIpv4(part))) {
      ctx.addIssue({ code: 'custom', message: PROXY_LIST_ERROR_KEYS.whiteList });
      return z.NEVER;
    }
    if (parts.length > WHITE_LIST_MAX) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.tooLong });
      return z.NEVER;
    }
    return [...new Set(parts)];
  });

/** ports_count (spec section 5): a number, an integer, positive, at most 1000, required. */
export const portsCountField = numberInput(
  VALIDATION_KEYS.required,
  PROXY_LIST_ERROR_KEYS.numberPorts,
).pipe(
  z
    .number()
    .int(PROXY_LIST_ERROR_KEYS.integerPorts)
    .positive(PROXY_LIST_ERROR_KEYS.positivePorts)
    .max(PORTS_COUNT_MAX, PROXY_LIST_ERROR_KEYS.maxPorts),
);

/** A list's name: required, letters (any script) and digits only. */
export const proxyListNameField = textField({ error: VALIDATION_KEYS.required, trim: true })
  .min(1, VALIDATION_KEYS.required)
  .max(LIST_NAME_MAX_LENGTH, VALIDATION_KEYS.tooLong)
  .refine((value) => value === '' || LIST_NAME.test(value), PROXY_LIST_ERROR_KEYS.nameMatches);

type Raw = Record<string, unknown>;
const asRaw = (value: unknown): Raw =>
  typeof value === 'object' && value !== null ? (value as Raw) : {};
const authTypeOf = (value: unknown): AuthType | null => {
  const raw = Number(asRaw(value).auth_type);
  return raw === AUTH_TYPES.login || raw === AUTH_TYPES.ip ? raw : null;
};
const hasPlace = (data: Raw) => [data.region, data.city, data.isp].some((v) => v != null);
/** A field that must hold an array once it parsed; anything else (an unparsed body) is empty. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/**
 * The cross-field rules run whenever the body is an object and the fields they read parsed
 * (zod skips object refinements otherwise, and the form shows every error at once).
 */
const whenParsed =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: { path?: PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

/**
 * POST /packages/:id/proxy-lists (spec section 3's create form). `login` is the form's
 * read-only preview and is ignored: the server issues the list's login. Whether the gateway
 * serves the location (an active exit there) is the service's check.
 */
export const createProxyListSchema = z
  .object({
    name: proxyListNameField,
    proxy_link_format: z.enum(PROXY_LINK_FORMATS, { error: VALIDATION_KEYS.invalidType }),
    auth_type: numericChoice([AUTH_TYPES.login, AUTH_TYPES.ip]),
    location_preset: z.enum(LOCATION_PRESETS, { error: VALIDATION_KEYS.required }),
    rotation_period: numericChoice(ROTATION_PERIODS),
    proxy_format: numberInput(VALIDATION_KEYS.required, VALIDATION_KEYS.invalidType).pipe(
      z.number().int(VALIDATION_KEYS.invalidType).min(0, VALIDATION_KEYS.invalidType),
    ),
    login: textField().max(64, VALIDATION_KEYS.tooLong).nullish(),
    white_list: whiteListField,
    ports_count: portsCountField,
    countries: countriesField.optional().transform((value) => value ?? []),
    region: placeField(TARGETING_CITY_MAX_LENGTH),
    city: placeField(TARGETING_CITY_MAX_LENGTH),
    isp: ispField,
  })
  .refine(
    (data) => !(authTypeOf(data) === AUTH_TYPES.ip && listOf(asRaw(data).white_list).length === 0),
    {
      message: PROXY_LIST_ERROR_KEYS.whiteList,
      path: ['white_list'],
      when: whenParsed('auth_type', 'white_list'),
    },
  )
  .refine(
    (data) => {
      const auth = authTypeOf(data);
      return auth === null || proxyFormatsOf(auth)[Number(asRaw(data).proxy_format)] !== undefined;
    },
    {
      message: VALIDATION_KEYS.invalidType,
      path: ['proxy_format'],
      when: whenParsed('auth_type', 'proxy_format'),
    },
  )
  .refine(
    (data) => {
      const raw = asRaw(data);
      const countries = listOf(raw.countries);
      return raw.location_preset === 'custom'
        ? countries.length > 0
        : countries.length === 0 && !hasPlace(raw);
    },
    {
      message: PROXY_LIST_ERROR_KEYS.countries,
      path: ['countries'],
      when: whenParsed('location_preset', 'countries', 'region', 'city', 'isp'),
    },
  )
  .refine(
    (data) => {
      const raw = asRaw(data);
      return !hasPlace(raw) || listOf(raw.countries).length === 1;
    },
    {
      message: PROXY_LIST_ERROR_KEYS.regions,
      path: ['region'],
      when: whenParsed('countries', 'region', 'city', 'isp'),
    },
  )
  .transform((data) => ({
    ...data,
    // A login list has no whitelist (the form hides the field; a leftover value is dropped).
    white_list: data.auth_type === AUTH_TYPES.ip ? data.white_list : [],
  }));
export type CreateProxyListInput = z.input<typeof createProxyListSchema>;
export type CreateProxyList = z.output<typeof createProxyListSchema>;

export const renameProxyListSchema = z.object({ name: proxyListNameField });

export const packageParamsSchema = z.object({ id: packageIdParam });
export const proxyListParamsSchema = z.object({ id: packageIdParam, listId: packageIdParam });
/** Contents and exports address a list by its package's key, its id and its name. */
const packageKeyParam = textField().min(1).max(64);
const listNameParam = textField().min(1).max(LIST_NAME_MAX_LENGTH);
export const proxyListByKeyParamsSchema = z.object({
  packageKey: packageKeyParam,
  id: packageIdParam,
  name: listNameParam,
});
export const exportProxyListParamsSchema = proxyListByKeyParamsSchema.extend({
  fileType: exportFormatSchema,
});

/** The lists of a package: paged, sorted, searched by name. */
export const proxyListsQuerySchema = listQuerySchema(PROXY_LIST_SORT_FIELDS).extend({
  search: textField({ trim: true }).max(LIST_NAME_MAX_LENGTH, VALIDATION_KEYS.tooLong).optional(),
});

export const proxyListRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The countries the list's lines exit in (a preset's: those its exits serve now). */
  geo: z.array(z.object({ country: z.string() })),
  /** Entries of the list (ports_count). */
  ports: z.number(),
  auth_type: z.union([z.literal(0), z.literal(1)]),
  location_preset: z.enum(LOCATION_PRESETS),
  region: z.string().nullable(),
  city: z.string().nullable(),
  isp: z.string().nullable(),
  rotation_period: z.number(),
  proxy_link_format: z.string(),
  proxy_format: z.number(),
  /** Auth 0: the list's login. */
  login: z.string().nullable(),
  /** Auth 1: the whitelisted addresses and the list's first port. */
  white_list: z.array(z.string()),
  port_start: z.number().nullable(),
  created_at: z.string(),
});
export type ProxyListRow = z.infer<typeof proxyListRowSchema>;

export const createProxyListResponseSchema = z.object({
  success: z.literal(true),
  list_id: z.number(),
});
export const successResponseSchema = z.object({ success: z.literal(true) });
/** The spec's contents response: the lines as printed. */
export const proxyListContentsSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  list: z.array(z.string()),
});

/* ---------- location options (only what active exits serve) ---------- */

export const locationCountrySchema = z.object({
  code: z.string(),
  name: z.object({ en: z.string(), ru: z.string() }),
});
export const locationCountriesResponseSchema = z.object({
  /** Presets with at least one served country (custom when any country is served). */
  presets: z.array(z.enum(LOCATION_PRESETS)),
  countries: z.array(locationCountrySchema),
});
export const locationOptionSchema = z.object({ code: z.string(), name: z.string() });
export const locationOptionsResponseSchema = listResponseSchema(locationOptionSchema);

const countryQueryField = textField()
  .max(8, VALIDATION_KEYS.invalidType)
  .transform((value, ctx) => {
    const code = toCountryCode(value);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.invalidType });
      return z.NEVER;
    }
    return code;
  });
export const regionsQuerySchema = z.object({ country: countryQueryField });
export const citiesQuerySchema = regionsQuerySchema.extend({
  region: placeField(TARGETING_CITY_MAX_LENGTH),
});
export const ispsQuerySchema = citiesQuerySchema.extend({
  city: placeField(TARGETING_CITY_MAX_LENGTH),
});

/** Premium locations (spec section 3): id (ISO 3166 numeric), iso2, name, cities. */
export const premiumLocationSchema = z.object({
  id: z.number(),
  iso2: z.string(),
  name: z.string(),
  cities: z.array(locationOptionSchema),
});

/* ---------- the generator ---------- */

const cityCodesField = z
  .array(textField().max(TARGETING_CITY_MAX_LENGTH, VALIDATION_KEYS.tooLong), {
    error: VALIDATION_KEYS.invalidType,
  })
  .max(GENERATOR_CITIES_MAX, VALIDATION_KEYS.tooLong)
  .transform((cities) => [...new Set(cities.map(toPlaceCode))])
  .refine((cities) => cities.every((city) => PLACE.test(city)), VALIDATION_KEYS.invalidType);

/**
 * POST /packages/:id/proxy-generator (spec sections 3, 5, 9). A sticky session lives
 * lifetime x timespan seconds, at most a day (the gateway's longest session).
 */
export const generatorSchema = z
  .object({
    protocols: z.enum(GENERATOR_PROTOCOLS, { error: VALIDATION_KEYS.required }),
    type: z.enum(GENERATOR_TYPES, { error: VALIDATION_KEYS.required }),
    timespan: numericChoice(GENERATOR_TIMESPANS).optional().default(GENERATOR_DEFAULT_TIMESPAN),
    lifetime: numberInput(VALIDATION_KEYS.required, PROXY_LIST_ERROR_KEYS.lifetime)
      .pipe(z.number().int(PROXY_LIST_ERROR_KEYS.lifetime).min(1, PROXY_LIST_ERROR_KEYS.lifetime))
      .optional()
      .default(GENERATOR_DEFAULT_LIFETIME),
    proxy_count: numberInput(VALIDATION_KEYS.required, PROXY_LIST_ERROR_KEYS.proxyCount).pipe(
      z
        .number()
        .int(PROXY_LIST_ERROR_KEYS.proxyCount)
        .min(1, PROXY_LIST_ERROR_KEYS.proxyCount)
        .max(GENERATOR_COUNT_MAX, PROXY_LIST_ERROR_KEYS.proxyCount),
    ),
    format: numericChoice(GENERATOR_FORMATS),
    countries: countriesField.optional().transform((value) => value ?? []),
    cities: cityCodesField.optional().transform((value) => value ?? []),
  })
  .refine(
    (data) =>
      data.type !== 'sticky' ||
      Number(data.lifetime) * Number(data.timespan) <= MAX_SESSION_TTL_SECONDS,
    {
      message: PROXY_LIST_ERROR_KEYS.lifetimeMax,
      path: ['lifetime'],
      when: whenParsed('type', 'lifetime', 'timespan'),
    },
  )
  .refine(
    (data) => listOf(asRaw(data).cities).length === 0 || listOf(asRaw(data).countries).length > 0,
    {
      message: PROXY_LIST_ERROR_KEYS.cities,
      path: ['cities'],
      when: whenParsed('countries', 'cities'),
    },
  );
export type GeneratorInput = z.input<typeof generatorSchema>;
export type GeneratorRequest = z.output<typeof generatorSchema>;

export const generatorResponseSchema = z.object({
  success: z.literal(true),
  list: z.array(z.string()),
});

/* ---------- exports of several lists ---------- */

const LISTS_KEY = /^lists\[(\d{1,3})\]\[(id|name|package_key)\]$/;

/**
 * `lists[0][id]=1&lists[0][name]=a&lists[0][package_key]=k` (the spec's indexed array format,
 * which Fastify's query parser keeps verbatim) as `lists: [{id, name, package_key}]`, in index
 * order; an already nested `lists` (qs-style parsers) passes through.
 */
export const collectIndexedLists = (query: unknown): unknown => {
  if (typeof query !== 'object' || query === null) return query;
  const raw = query as Raw;
  if (raw.lists !== undefined) return raw;
  const lists: Raw[] = [];
  const rest: Raw = {};
  for (const [key, value] of Object.entries(raw)) {
    const match = LISTS_KEY.exec(key);
    if (!match) {
      rest[key] = value;
      continue;
    }
    const entry = (lists[Number(match[1])] ??= {});
    entry[match[2] ?? ''] = value;
  }
  const present = lists.filter((entry) => entry !== undefined);
  return present.length > 0 ? { ...rest, lists: present } : rest;
};

/** Lists one report may hold (100 x 1000 entries: 100k lines). */
export const EXPORT_LISTS_MAX = 100;
export const exportProxyListsQuerySchema = z.preprocess(
  collectIndexedLists,
  z.object({
    format: exportFormatSchema,
    lists: z
      .array(z.object({ id: packageIdParam, name: listNameParam, package_key: packageKeyParam }), {
        error: VALIDATION_KEYS.required,
      })
      .min(1, VALIDATION_KEYS.required)
      .max(EXPORT_LISTS_MAX, VALIDATION_KEYS.tooLong),
  }),
);
