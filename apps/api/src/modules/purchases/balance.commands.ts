import { sql } from 'kysely';
import { formatDollars, hasAtMostTwoDecimals, toCents, toDollars } from '@proxy/contract';
import { option, requireArg, UsageError, type Command } from '../../cli/command.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';

const USAGE =
  'balance:credit <email> <dollars> [--comment TEXT]   (a manual operator payment through the ledger)';
export const MANUAL_CREDIT_COMMENT = 'manual credit by operator';

export const balanceCommands: Record<string, Command> = {
  'balance:credit': {
    usage: USAGE,
    run: async (db, args) => {
      const email = requireArg(args, 0, USAGE).trim().toLowerCase();
      const dollars = Number(requireArg(args, 1, USAGE));
      if (!(dollars > 0) || dollars > 1_000_000 || !hasAtMostTwoDecimals(dollars))
        throw new UsageError(`${USAGE}\n<dollars> must be positive with at most two decimals`);
      const user = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email)
        .executeTakeFirst();
      if (!user) throw new Error(`No user with e-mail ${email}`);
      const comment = option(args, 'comment') ?? MANUAL_CREDIT_COMMENT;
      const posted = await db.transaction().execute((tx) =>
        postLedgerEntry(tx, {
          userId: user.id,
          account: 'main',
          type: 'payment',
          amountCents: toCents(dollars),
          refType: 'operator',
          refId: 'manual',
          comment,
        }),
      );
      return `${email}: credited ${formatDollars(dollars)}, balance ${formatDollars(toDollars(posted.balanceAfterCents))}`;
    },
  },
};
