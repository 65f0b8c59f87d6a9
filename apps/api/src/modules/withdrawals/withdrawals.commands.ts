import { WITHDRAWAL_STATUSES, formatDollars, toDollars } from '@proxy/contract';
import type { Db } from '@proxy/db';
import { UsageError, listing, option, requireArg, type Command } from '../../cli/command.ts';
import { listWithdrawalsByStatus, type WithdrawalStatus } from './withdrawals.repository.ts';
import { completeWithdrawal, rejectWithdrawal } from './withdrawals.service.ts';

const idOf = (args: string[], usage: string) => {
  const id = Number(requireArg(args, 0, usage));
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(usage);
  return id;
};

type ClosedOrder = NonNullable<Awaited<ReturnType<typeof completeWithdrawal>>>;

/**
 * An operator command that closes a waiting order: `close` returns the order, or null when it
 * is not waiting (unknown or already processed), which exits 1.
 */
const closeCommand = (
  usage: string,
  close: (db: Db, id: number, args: string[]) => Promise<ClosedOrder | null>,
  report: (order: ClosedOrder) => string,
): Command => ({
  usage,
  run: async (db, args) => {
    const id = idOf(args, usage);
    const order = await close(db, id, args);
    if (!order)
      return {
        output: `withdrawal #${id} is not waiting (unknown or already processed)`,
        exitCode: 1,
      };
    return `withdrawal #${id} ${report(order)}`;
  },
});

export const withdrawalsCommands: Record<string, Command> = {
  'withdrawals:list': {
    usage: 'withdrawals:list [--status waiting|completed|rejected]',
    run: async (db, args) => {
      const status = option(args, 'status');
      if (status && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status))
        throw new UsageError('withdrawals:list [--status waiting|completed|rejected]');
      return listing(
        await listWithdrawalsByStatus(db, status as WithdrawalStatus | undefined),
        'no withdrawals',
        (w) =>
          `#${w.id}  ${w.status.padEnd(9)}  ${formatDollars(toDollars(w.amount_cents)).padStart(10)}  ${w.address}  user ${w.user_id} <${w.email}>  ${w.created_at.toISOString()}${w.txid ? `  txid ${w.txid}` : ''}`,
      );
    },
  },
  'withdrawals:complete': closeCommand(
    'withdrawals:complete <id> [--txid <blockchain transaction id>]',
    (db, id, args) => completeWithdrawal(db, id, option(args, 'txid') ?? null),
    (order) => `completed: ${formatDollars(toDollars(order.amount_cents))} to ${order.address}`,
  ),
  'withdrawals:reject': closeCommand(
    'withdrawals:reject <id> [--reason <text>]',
    (db, id, args) => rejectWithdrawal(db, id, option(args, 'reason') ?? null),
    (order) =>
      `rejected: ${formatDollars(toDollars(order.amount_cents))} returned to the referral balance`,
  ),
};
