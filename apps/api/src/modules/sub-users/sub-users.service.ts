import {
  GENERATED_LOGIN_LENGTH,
  SUB_USER_ERRORS,
  SUB_USERS_MAX_PER_PACKAGE,
  type SubUser,
  type SubUserStatus,
  type UsageSeries,
} from '@proxy/contract';
import type { Updateable } from 'kysely';
import {
  openSecret,
  sealSecret,
  SECRET_PURPOSES,
  type Db,
  type DbRoot,
  type PackageSubUsers,
} from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { FORM_ERROR_KEY } from '../../plugins/error-handler.ts';
import { randomAlphanumeric } from '../packages/credentials.ts';
import { rangeSeries, type UsageRange } from '../statistics/statistics.service.ts';
import {
  countLiveSubUsers,
  findLivePackage,
  findSubUser,
  findSubUsers,
  hasLiveName,
  insertSubUser,
  isLoginTaken,
  lockPackageRow,
  softDeleteSubUser,
  updateSubUserRow,
  type SubUserRecord,
} from './sub-users.repository.ts';

/** The package families whose traffic is metered against a quota: the ones with sub-users. */
const TRAFFIC_PACKAGE_TYPES: readonly string[] = ['dynamic', 'vip'];
const PASSWORD_LENGTH = 16;
/** Fresh logins drawn before giving up (62^20 of them: a second draw is already never needed). */
const LOGIN_DRAWS = 8;
/** Creations retried when an insert still meets a login taken since its check. */
const CREATE_ATTEMPTS = 3;

const UNIQUE_VIOLATION = '23505';
const NAME_INDEX = 'package_sub_users_name_idx';
const LOGIN_KEY = 'package_sub_users_login_key';
const violatedConstraint = (error: unknown) => {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && typeof constraint === 'string' ? constraint : undefined;
};

export type SubUsersContext = { db: DbRoot; dataKey: Buffer };

export type NewSubUserInput = {
  name: string;
  traffic_limit_bytes: number | null;
  expires_at: string | null;
  enabled: boolean;
};
export type SubUserChanges = {
  name?: string | undefined;
  traffic_limit_bytes?: number | null | undefined;
  expires_at?: string | null | undefined;
  enabled?: boolean | undefined;
  regenerate_password?: true | undefined;
};

const fieldError = (field: string, key: string) =>
  new AppError('VALIDATION_FAILED', { errors: { [field]: [key] } });
const nameTaken = () => fieldError('name', SUB_USER_ERRORS.nameTaken);

/**
 * The owner's live traffic package: another user's, a deleted or an unknown one is 404; an ISP
 * or unlimited package exists but has no sub-users (422).
 */
const trafficPackageOf = async (db: Db, userId: number, packageId: number) => {
  const pkg = await findLivePackage(db, userId, packageId);
  if (!pkg) throw new AppError('NOT_FOUND');
  if (!TRAFFIC_PACKAGE_TYPES.includes(pkg.type))
    throw fieldError(FORM_ERROR_KEY, SUB_USER_ERRORS.notTrafficPackage);
  return pkg;
};

/** An expiry is a moment to come (the server's clock decides). */
const checkExpiry = (expiresAt: string | null | undefined, now: number) => {
  if (expiresAt && Date.parse(expiresAt) <= now)
    throw fieldError('expires_at', SUB_USER_ERRORS.expiryPast);
};

const sealPassword = (dataKey: Buffer) =>
  sealSecret(dataKey, randomAlphanumeric(PASSWORD_LENGTH), SECRET_PURPOSES.subUserPassword);

/** Where a sub-user stands (decision 187): the first of disabled, expired, limit reached. */
export const subUserStatus = (
  row: Pick<SubUserRecord, 'enabled' | 'expires_at' | 'traffic_limit_bytes'> & {
    traffic_used_bytes: number;
  },
  now: number,
): SubUserStatus => {
  if (!row.enabled) return 'disabled';
  if (row.expires_at !== null && row.expires_at.getTime() <= now) return 'expired';
  if (row.traffic_limit_bytes !== null && row.traffic_used_bytes >= row.traffic_limit_bytes)
    return 'limit_reached';
  return 'active';
};

const toSubUser = (dataKey: Buffer, row: SubUserRecord, now: number): SubUser => {
  const used = Number(row.traffic_used_bytes);
  const limit = row.traffic_limit_bytes === null ? null : Number(row.traffic_limit_bytes);
  return {
    id: row.id,
    package_id: row.package_id,
    name: row.name,
    login: row.login,
    password: openSecret(dataKey, row.password_encrypted, SECRET_PURPOSES.subUserPassword),
    traffic_limit_bytes: limit,
    traffic_used_bytes: used,
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    enabled: row.enabled,
    status: subUserStatus({ ...row, traffic_limit_bytes: limit, traffic_used_bytes: used }, now),
    created_at: row.created_at.toISOString(),
  };
};

const answerOf = async (ctx: SubUsersContext, packageId: number, subUserId: number) => {
  const row = await findSubUser(ctx.db, packageId, subUserId);
  if (!row) throw new AppError('NOT_FOUND');
  return toSubUser(ctx.dataKey, row, Date.now());
};

/** GET /packages/:id/sub-users: the live ones, oldest first. */
export const listSubUsers = async (
  ctx: SubUsersContext,
  userId: number,
  packageId: number,
): Promise<SubUser[]> => {
  const pkg = await trafficPackageOf(ctx.db, userId, packageId);
  const now = Date.now();
  return (await findSubUsers(ctx.db, pkg.id)).map((row) => toSubUser(ctx.dataKey, row, now));
};

/** A login no gateway username means yet (checked in the creating transaction). */
const freshLogin = async (tx: Db) => {
  for (let draw = 0; draw < LOGIN_DRAWS; draw++) {
    const login = randomAlphanumeric(GENERATED_LOGIN_LENGTH);
    if (!(await isLoginTaken(tx, login))) return login;
  }
  throw new Error('no free sub-user login after repeated draws');
};

/**
 * POST /packages/:id/sub-users. The package's row is locked for the checks and the insert, so
 * concurrent creations see each other: never more than SUB_USERS_MAX_PER_PACKAGE live ones, and
 * a name taken meanwhile is a field error. A rename racing a creation is caught by the partial
 * unique index, translated to the same field error.
 */
export const createSubUser = async (
  ctx: SubUsersContext,
  userId: number,
  packageId: number,
  input: NewSubUserInput,
): Promise<SubUser> => {
  const pkg = await trafficPackageOf(ctx.db, userId, packageId);
  checkExpiry(input.expires_at, Date.now());
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await ctx.db.transaction().execute(async (tx) => {
        await lockPackageRow(tx, pkg.id);
        if ((await countLiveSubUsers(tx, pkg.id)) >= SUB_USERS_MAX_PER_PACKAGE)
          throw new AppError('VALIDATION_FAILED', {
            errors: {
              [FORM_ERROR_KEY]: [
                { key: SUB_USER_ERRORS.tooMany, params: { max: SUB_USERS_MAX_PER_PACKAGE } },
              ],
            },
          });
        if (await hasLiveName(tx, pkg.id, input.name)) throw nameTaken();
        return insertSubUser(tx, {
          package_id: pkg.id,
          name: input.name,
          login: await freshLogin(tx),
          password_encrypted: sealPassword(ctx.dataKey),
          traffic_limit_bytes: input.traffic_limit_bytes,
          expires_at: input.expires_at === null ? null : new Date(input.expires_at),
          enabled: input.enabled,
        });
      });
      return await answerOf(ctx, pkg.id, id);
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === NAME_INDEX) throw nameTaken();
      if (constraint !== LOGIN_KEY || attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
};

/**
 * PATCH /packages/:id/sub-users/:subUserId: the given fields; `regenerate_password` seals a new
 * password. Whatever the gateway must act on (switched off, expiry, limit, password) reaches it
 * through the table's notify trigger.
 */
export const updateSubUser = async (
  ctx: SubUsersContext,
  userId: number,
  packageId: number,
  subUserId: number,
  changes: SubUserChanges,
): Promise<SubUser> => {
  const pkg = await trafficPackageOf(ctx.db, userId, packageId);
  checkExpiry(changes.expires_at, Date.now());
  const values: Updateable<PackageSubUsers> = {};
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.traffic_limit_bytes !== undefined)
    values.traffic_limit_bytes = changes.traffic_limit_bytes;
  if (changes.expires_at !== undefined)
    values.expires_at = changes.expires_at === null ? null : new Date(changes.expires_at);
  if (changes.enabled !== undefined) values.enabled = changes.enabled;
  if (changes.regenerate_password) values.password_encrypted = sealPassword(ctx.dataKey);
  let updated: boolean;
  try {
    updated = await updateSubUserRow(ctx.db, pkg.id, subUserId, values);
  } catch (error) {
    if (violatedConstraint(error) === NAME_INDEX) throw nameTaken();
    throw error;
  }
  if (!updated) throw new AppError('NOT_FOUND');
  return answerOf(ctx, pkg.id, subUserId);
};

/** DELETE /packages/:id/sub-users/:subUserId: soft, so its bytes stay named in the statistics. */
export const deleteSubUser = async (
  ctx: SubUsersContext,
  userId: number,
  packageId: number,
  subUserId: number,
): Promise<void> => {
  const pkg = await trafficPackageOf(ctx.db, userId, packageId);
  if (!(await softDeleteSubUser(ctx.db, pkg.id, subUserId))) throw new AppError('NOT_FOUND');
};

/** GET /packages/:id/sub-users/:subUserId/usage: the same zero-filled series as a package's. */
export const subUserUsage = async (
  ctx: SubUsersContext,
  userId: number,
  packageId: number,
  subUserId: number,
  range: UsageRange,
): Promise<UsageSeries> => {
  const pkg = await trafficPackageOf(ctx.db, userId, packageId);
  if (!(await findSubUser(ctx.db, pkg.id, subUserId))) throw new AppError('NOT_FOUND');
  return rangeSeries(ctx.db, { subUserId }, range);
};
