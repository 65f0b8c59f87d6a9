import { sql } from 'kysely';
import type { Db, User } from '@proxy/db';

export const findUserByGoogleSub = (db: Db, sub: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();

/** Links Google to an account that has none yet; Google vouched for the address, so it is verified. */
export const linkGoogleAccount = (db: Db, userId: number, sub: string) =>
  db
    .updateTable('users')
    .set({
      google_sub: sub,
      email_verified_at: sql<Date>`coalesce(email_verified_at, now())`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .where('google_sub', 'is', null)
    .returningAll()
    .executeTakeFirst();
