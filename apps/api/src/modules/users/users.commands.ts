import { sql } from 'kysely';
import { requireArg, flag, type Command } from '../../cli/command.ts';

const USAGE_RESTRICT = 'users:restrict <email> [--off]';
const USAGE_VERIFY = 'users:verify <email>';

export const usersCommands: Record<string, Command> = {
  'users:restrict': {
    usage: USAGE_RESTRICT,
    run: async (db, args) => {
      const email = requireArg(args, 0, USAGE_RESTRICT).trim().toLowerCase();
      const restricted = !flag(args, '--off');
      const result = await db
        .updateTable('users')
        .set({ is_restricted: restricted, updated_at: sql<Date>`now()` })
        .where(sql<string>`lower(email)`, '=', email)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new Error(`No user with e-mail ${email}`);
      return `${email}: is_restricted = ${restricted}`;
    },
  },
  'users:verify': {
    usage: USAGE_VERIFY,
    run: async (db, args) => {
      const email = requireArg(args, 0, USAGE_VERIFY).trim().toLowerCase();
      const user = await db
        .updateTable('users')
        .set({
          email_verified_at: sql<Date>`coalesce(email_verified_at, now())`,
          updated_at: sql<Date>`now()`,
        })
        .where(sql<string>`lower(email)`, '=', email)
        .returning('email_verified_at')
        .executeTakeFirst();
      if (!user) throw new Error(`No user with e-mail ${email}`);
      return `${email}: verified at ${user.email_verified_at?.toISOString() ?? '?'}`;
    },
  },
};
