import { z } from 'zod';
import { VALIDATION_KEYS, requiredString, textField } from '../common/validation.ts';
import { instantField } from '../statistics/statistics.schemas.ts';
import { packageIdParam } from './packages.schemas.ts';

/**
 * Sub-users of a traffic package (dynamic and premium; decision 187): each one a proxy login and
 * password of its own that spends the package's traffic, with an optional limit inside it, an
 * optional expiry and an on/off switch. Targeting suffixes work on a sub-user's login as on the
 * package's (`{login}_c_us_s_abc`).
 */
export const SUB_USERS_MAX_PER_PACKAGE = 100;
export const SUB_USER_NAME_MAX_LENGTH = 40;
/** The smallest own limit: below a megabyte a sub-user could not load one page. */
export const SUB_USER_MIN_LIMIT_BYTES = 1_000_000;
/** A limit above this is no limit a package could hold (a petabyte). */
export const SUB_USER_MAX_LIMIT_BYTES = 1_000_000_000_000_000;

/** Where a sub-user stands: only `active` ones carry traffic. */
export const SUB_USER_STATUSES = ['active', 'disabled', 'expired', 'limit_reached'] as const;
export type SubUserStatus = (typeof SUB_USER_STATUSES)[number];

/** Field error keys of the sub-user calls (the `packages` namespace). */
export const SUB_USER_ERRORS = {
  nameTaken: 'packages:sub_users.errors.name_taken',
  limitRange: 'packages:sub_users.errors.limit_range',
  expiryPast: 'packages:sub_users.errors.expiry_past',
  tooMany: 'packages:sub_users.errors.too_many',
  notTrafficPackage: 'packages:sub_users.errors.not_traffic_package',
} as const;

export const subUserIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const subUsersParamsSchema = z.object({ id: packageIdParam });
export const subUserParamsSchema = z.object({ id: packageIdParam, subUserId: subUserIdParam });

const nameField = requiredString(SUB_USER_NAME_MAX_LENGTH);
/** Bytes up plus down over the sub-user's life; null: only the package's quota bounds it. */
const limitField = z
  .number({ error: SUB_USER_ERRORS.limitRange })
  .int(SUB_USER_ERRORS.limitRange)
  .min(SUB_USER_MIN_LIMIT_BYTES, SUB_USER_ERRORS.limitRange)
  .max(SUB_USER_MAX_LIMIT_BYTES, SUB_USER_ERRORS.limitRange)
  .nullable();
/** An ISO instant in the future (the server checks against its clock); null: never expires. */
const expiryField = instantField.nullable();

/** POST /packages/:id/sub-users. */
export const createSubUserSchema = z.object({
  name: nameField,
  traffic_limit_bytes: limitField.default(null),
  expires_at: expiryField.default(null),
  enabled: z.boolean({ error: VALIDATION_KEYS.invalidType }).default(true),
});
export type CreateSubUserInput = z.input<typeof createSubUserSchema>;

/**
 * PATCH /packages/:id/sub-users/:subUserId: the fields given change (at least one);
 * `regenerate_password` gives it a new password (its open connections close).
 */
export const updateSubUserSchema = z
  .object({
    name: nameField.optional(),
    traffic_limit_bytes: limitField.optional(),
    expires_at: expiryField.optional(),
    enabled: z.boolean({ error: VALIDATION_KEYS.invalidType }).optional(),
    regenerate_password: z.literal(true, { error: VALIDATION_KEYS.invalidType }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: VALIDATION_KEYS.required,
  });
export type UpdateSubUserInput = z.input<typeof updateSubUserSchema>;

/** A sub-user as its owner sees it: the login and password shown and copyable. */
export const subUserSchema = z.object({
  id: z.number(),
  package_id: z.number(),
  name: z.string(),
  login: z.string(),
  password: z.string(),
  traffic_limit_bytes: z.number().nullable(),
  /** Bytes up plus down metered for it over its life. */
  traffic_used_bytes: z.number(),
  expires_at: z.string().nullable(),
  enabled: z.boolean(),
  status: z.enum(SUB_USER_STATUSES),
  created_at: z.string(),
});
export type SubUser = z.infer<typeof subUserSchema>;

export const subUserResponseSchema = z.object({ data: subUserSchema });
export const subUsersResponseSchema = z.object({ data: z.array(subUserSchema) });

/** The cabinet shows and takes traffic in GB of 1024³ bytes, as the panels' meters do. */
export const SUB_USER_BYTES_PER_GB = 1024 ** 3;
/** A limit is typed with up to three decimals ("0.5", "1,25"): a megabyte is 0.001 GB. */
const LIMIT_GB_TEXT = /^\d{1,7}([.,]\d{1,3})?$/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a day that exists (not the 30th of February). */
const isCalendarDay = (text: string): boolean => {
  if (!DATE_TEXT.test(text)) return false;
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

/** The end of a calendar day (`YYYY-MM-DD`) in the runtime's time zone, as an ISO instant. */
export const endOfLocalDay = (date: string): string => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
};

/** The calendar day (`YYYY-MM-DD`) of an instant in the runtime's time zone. */
export const localDayOf = (instant: string): string => {
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** A limit in bytes as the form shows it in GB (at most three decimals, as it is typed). */
export const limitBytesAsGbText = (bytes: number | null): string =>
  bytes === null ? '' : String(Math.round((bytes / SUB_USER_BYTES_PER_GB) * 1000) / 1000);

/** The limit field of the form: empty is no limit; GB (dot or comma) become whole bytes. */
const limitGbText = textField({ trim: true }).transform((text, ctx) => {
  if (text === '') return null;
  const bytes = LIMIT_GB_TEXT.test(text)
    ? Math.round(Number(text.replace(',', '.')) * SUB_USER_BYTES_PER_GB)
    : Number.NaN;
  const checked = limitField.safeParse(bytes);
  if (checked.success) return checked.data;
  ctx.addIssue({ code: 'custom', message: SUB_USER_ERRORS.limitRange });
  return z.NEVER;
});

/**
 * The cabinet's sub-user form (create and edit): the limit as GB text (empty: no limit) and the
 * expiry as a date (empty: never), which is the last day it works: it expires at the end of that
 * day in the customer's time zone (the browser's). A day before today is refused here as the
 * server would; `keptExpiry` is the date a sub-user already has, which an edit may leave as it
 * is even when it has passed. The output is the body of POST /packages/:id/sub-users.
 */
export const subUserFormSchema = ({
  today,
  keptExpiry = null,
}: {
  /** Today's date (`YYYY-MM-DD`) in the customer's time zone. */
  today: string;
  keptExpiry?: string | null;
}) =>
  z
    .object({
      name: nameField,
      limit_gb: limitGbText,
      expires_on: textField({ trim: true }).transform((text, ctx) => {
        if (text === '') return null;
        if (!isCalendarDay(text)) {
          ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.invalidType });
          return z.NEVER;
        }
        if (text < today && text !== keptExpiry) {
          ctx.addIssue({ code: 'custom', message: SUB_USER_ERRORS.expiryPast });
          return z.NEVER;
        }
        return text;
      }),
      enabled: z.boolean({ error: VALIDATION_KEYS.invalidType }),
    })
    .transform(({ name, limit_gb, expires_on, enabled }) => ({
      name,
      traffic_limit_bytes: limit_gb,
      expires_at: expires_on === null ? null : endOfLocalDay(expires_on),
      enabled,
    }));
export type SubUserFormValues = z.input<ReturnType<typeof subUserFormSchema>>;
export type SubUserFormOutput = z.output<ReturnType<typeof subUserFormSchema>>;
