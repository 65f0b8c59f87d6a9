import type { Command } from '../../cli/command.ts';
import { countUsers } from './ledger.repository.ts';
import { checkLedger } from './ledger.service.ts';

export const ledgerCommands: Record<string, Command> = {
  'ledger:check': {
    usage: 'ledger:check   (exits 1 when a balance differs from the sum of its entries)',
    run: async (db) => {
      const [mismatches, users] = await Promise.all([checkLedger(db), countUsers(db)]);
      if (mismatches.length === 0) {
        return `ledger ok: ${users} users, every balance equals the sum of its entries`;
      }
      const lines = mismatches.map(
        (m) =>
          `user ${m.user_id} ${m.account}: balance ${m.balance_cents} != entries ${m.entries_sum_cents}`,
      );
      return {
        output: [`ledger MISMATCH in ${mismatches.length} balance(s):`, ...lines].join('\n'),
        exitCode: 1,
      };
    },
  },
};
