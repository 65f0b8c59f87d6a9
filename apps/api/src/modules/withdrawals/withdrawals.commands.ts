import { WITHDRAWAL_STATUSES, formatDollars } from '@proxy/contract';
import { UsageError, option, requireArg, type Command } from '../../cli/command.ts';
import { listWithdrawalsByStatus, type WithdrawalStatus } from './withdrawals.repository.ts';
import { completeWithdrawal, rejectWithdrawal } from './withdrawals.service.ts';

const idOf = (args: string[], usage: string) => {
  const id = Number(requireArg(args, 0, usage));
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(usage);
  return id;
};

export const withdrawalsCommands: Record<string, Command> = {
  'withdrawals:list': {
    usage: 'withdrawals:list [--status waiting|completed|rejected]',
    run: async (db, args) => {
      const status = option(args, 'status');
      if (status && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status))
        throw new UsageError('withdrawals:list [--status waiting|completed|rejected]');
      const rows = await listWithdrawalsByStatus(db, status as WithdrawalStatus | undefined);
      if (rows.length === 0) return 'no withdrawals';
      return rows
        .map(
          (w) =>
            `#${w.id}  ${w.status.padEnd(9)}  ${formatDollars(w.amount_cents / 100).padStart(10)}  ${w.address}  user ${w.user_id} <${w.email}>  ${w.created_at.toISOString()}${w.txid ? `  txid ${w.txid}` : ''}`,
        )
        .join('\n');
    },
  },
  'withdrawals:complete': {
    usage: 'withdrawals:complete <id> [--txid <blockchain transaction id>]',
    run: async (db, args) => {
      const id = idOf(args, 'withdrawals:complete <id> [--txid <blockchain transaction id>]');
      const order = await completeWithdrawal(db, id, option(args, 'txid') ?? null);
      if (!order)
        return {
          output: `withdrawal #${id} is not waiting (unknown or already processed)`,
          exitCode: 1,
        };
      return `withdrawal #${id} completed: ${formatDollars(order.amount_cents / 100)} to ${order.address}`;
    },
  },
  'withdrawals:reject': {
    usage: 'withdrawals:reject <id> [--reason <text>]',
    run: async (db, args) => {
      const id = idOf(args, 'withdrawals:reject <id> [--reason <text>]');
      const order = await rejectWithdrawal(db, id, option(args, 'reason') ?? null);
      if (!order)
        return {
          output: `withdrawal #${id} is not waiting (unknown or already processed)`,
          exitCode: 1,
        };
      return `withdrawal #${id} rejected: ${formatDollars(order.amount_cents / 100)} returned to the referral balance`;
    },
  },
};
