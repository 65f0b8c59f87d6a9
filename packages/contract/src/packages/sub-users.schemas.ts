import { z } from 'zod';
import { VALIDATION_KEYS, requiredString } from '../common/validation.ts';
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
