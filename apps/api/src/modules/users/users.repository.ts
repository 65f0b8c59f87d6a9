import { sql } from 'kysely';
import type { Db, NewUser, User } from '@proxy/db';
import { secretDigest } from '@proxy/db';

export const findUserByEmail = (db: Db, email: string): Promise<User | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

export const findUserById = (db: Db, id: number): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserIdByRefLink = async (db: Db, refLink: string): Promise<number | null> => {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('ref_link', '=', refLink)
    .executeTakeFirst();
  return row?.id ?? null;
};

export const insertUser = (db: Db, user: NewUser): Promise<User> =>
  db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

export type UserPatch = Partial<
  Pick<
    User,
    | 'name'
    | 'telegram'
    | 'locale'
    | 'password_hash'
    | 'is_restricted'
    | 'api_key_digest'
    | 'api_key_encrypted'
    | 'billing_name'
    | 'billing_address'
  >
>;

export const updateUser = (db: Db, id: number, patch: UserPatch): Promise<User> =>
  db
    .updateTable('users')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Sets email_verified_at once; returns the user only if this call verified it. */
export const markEmailVerified = (db: Db, id: number, email: string): Promise<User | undefined> =>
  db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('email_verified_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

/**
 * The user holding this API key, found by its digest (index users_api_key_digest_key): the
 * key itself is stored only encrypted (decision 068). For the reseller API's key auth.
 */
export const findUserByApiKey = (db: Db, apiKey: string): Promise<User | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where('api_key_digest', '=', secretDigest(apiKey))
    .executeTakeFirst();
