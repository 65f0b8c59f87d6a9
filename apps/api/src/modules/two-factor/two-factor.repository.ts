import { sql } from 'kysely';
import type { Db, User } from '@proxy/db';

/** Stores a new secret to confirm; two-factor sign-in stays as it is until a code confirms it. */
export const setPendingSecret = (db: Db, userId: number, sealedSecret: string) =>
  db
    .updateTable('users')
    .set({ totp_secret_encrypted: sealedSecret, totp_last_step: null })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

/**
 * Takes a code's time step for the user: succeeds only when no code of this step or a later one
 * was accepted before, so a code works once. One conditional UPDATE: concurrent uses of the same
 * code serialise on the row and only one gets it.
 */
export const claimTotpStep = (db: Db, userId: number, step: number) =>
  db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();

/** Turns two-factor sign-in on with the stored secret (only if still off). */
export const markTwoFactorEnabled = (db: Db, userId: number): Promise<User | undefined> =>
  db
    .updateTable('users')
    .set({ totp_enabled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .where('totp_secret_encrypted', 'is not', null)
    .returningAll()
    .executeTakeFirst();

export const clearTwoFactor = (db: Db, userId: number) =>
  db
    .updateTable('users')
    .set({
      totp_secret_encrypted: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();

/** Replaces the user's recovery codes with these digests. */
export const replaceRecoveryCodes = async (db: Db, userId: number, codeHashes: string[]) => {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  if (codeHashes.length > 0)
    await db
      .insertInto('two_factor_recovery_codes')
      .values(codeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash })))
      .execute();
};

/** Uses a recovery code up; only one concurrent caller gets the row back. */
export const consumeRecoveryCode = (db: Db, userId: number, codeHash: string) =>
  db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

export const countUnusedRecoveryCodes = async (db: Db, userId: number) => {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};
