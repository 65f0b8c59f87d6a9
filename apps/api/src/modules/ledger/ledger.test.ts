import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/helpers.ts';
import { creditBalance } from '../../../test/shop.ts';
import { findBalance } from './ledger.repository.ts';
import { checkLedger, postLedgerEntry, postLedgerFailure } from './ledger.service.ts';
import { ledgerCommands } from './ledger.commands.ts';

const ctx = useTestApp();

const credit = (userId: number, amountCents: number) =>
  creditBalance(ctx.database.db, userId, amountCents);

describe('ledger', () => {
  it('credits and debits, recording the balance after each entry', async () => {
    const { id } = await registerUser(ctx.app);
    expect((await credit(id, 1500)).balanceAfterCents).toBe(1500);
    expect((await credit(id, -400)).balanceAfterCents).toBe(1100);
    const entries = await ctx.database.db
      .selectFrom('ledger_entries')
      .select(['amount_cents', 'balance_after_cents', 'type'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { amount_cents: 1500, balance_after_cents: 1500, type: 'payment' },
      { amount_cents: -400, balance_after_cents: 1100, type: 'payment' },
    ]);
  });

  it('refuses a debit below zero and changes nothing', async () => {
    const { id } = await registerUser(ctx.app);
    await credit(id, 100);
    await expect(credit(id, -101)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await findBalance(ctx.database.db, id, 'main')).toBe(100);
    const count = await ctx.database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('serialises 50 concurrent debits: exactly the affordable ones succeed', async () => {
    const { id } = await registerUser(ctx.app);
    await credit(id, 1000);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => credit(id, -300)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await findBalance(ctx.database.db, id, 'main')).toBe(100);
    expect(await checkLedger(ctx.database.db, [id])).toEqual([]);
  });

  it('rolls the entry back with the transaction that caused it', async () => {
    const { id } = await registerUser(ctx.app);
    await credit(id, 500);
    await expect(
      ctx.database.db.transaction().execute(async (tx) => {
        await postLedgerEntry(tx, {
          userId: id,
          account: 'main',
          type: 'buy_isp',
          amountCents: -500,
        });
        throw new Error('provisioning failed');
      }),
    ).rejects.toThrow('provisioning failed');
    expect(await findBalance(ctx.database.db, id, 'main')).toBe(500);
  });

  it('records a failure with a zero amount and an _error type', async () => {
    const { id } = await registerUser(ctx.app);
    const posted = await ctx.database.db
      .transaction()
      .execute((tx) => postLedgerFailure(tx, { userId: id, account: 'main', type: 'buy_isp' }));
    expect(posted.balanceAfterCents).toBe(0);
    await expect(
      ctx.database.db
        .transaction()
        .execute((tx) =>
          postLedgerEntry(tx, { userId: id, account: 'main', type: 'payment', amountCents: 0 }),
        ),
    ).rejects.toThrow();
  });

  it('ledger:check reports a balance changed behind the ledger and exits 1', async () => {
    const { id } = await registerUser(ctx.app);
    await credit(id, 700);
    expect(await checkLedger(ctx.database.db, [id])).toEqual([]);
    // Corrupt the balance only inside a transaction that is rolled back, so test files
    // running side by side never see it.
    const rollback = new Error('rollback');
    await expect(
      ctx.database.db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ balance_cents: 999 }).where('id', '=', id).execute();
        expect(await checkLedger(tx, [id])).toEqual([
          { user_id: id, account: 'main', balance_cents: 999, entries_sum_cents: 700 },
        ]);
        const report = await ledgerCommands['ledger:check']!.run(tx, []);
        expect(report).toMatchObject({ exitCode: 1 });
        expect(typeof report === 'string' ? report : report.output).toContain(
          `user ${id} main: balance 999 != entries 700`,
        );
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await checkLedger(ctx.database.db, [id])).toEqual([]);
  });
});
