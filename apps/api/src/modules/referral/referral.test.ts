import { describe, expect, it } from 'vitest';
import type { Language } from '../../../test/api-client.ts';
import { registerUser, useTestApp, verifiedUser } from '../../../test/helpers.ts';
import { runCommand } from '../../../test/commands.ts';
import { creditBalance } from '../../../test/shop.ts';
import {
  balancesOf,
  deliverSandbox,
  ledgerMismatchesOf,
  sandboxBody,
  sandboxPayment,
} from '../../../test/money.ts';
import { withdrawalsCommands } from '../withdrawals/withdrawals.commands.ts';

const ctx = useTestApp();

// A valid TRC20 address (base58check) and the same with one character changed.
const ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const MISTYPED = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8';

const giveReferralBalance = (userId: number, cents: number) =>
  creditBalance(ctx.database.db, userId, cents, 'referral');

const transfer = (token: string, payload: Record<string, unknown>, language: Language = 'en') =>
  ctx.api.request('POST', '/api/profile/transfer-referral-balance', { token, language, payload });

const withdraw = (token: string, payload: Record<string, unknown>) =>
  ctx.api.request('POST', '/api/profile/withdrawals', { token, language: 'en', payload });

/** The user's withdrawal orders, oldest first. */
const withdrawalsOf = (userId: number) =>
  ctx.database.db
    .selectFrom('withdrawals')
    .select(['id', 'status', 'txid', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const run = (name: string, args: string[]) =>
  runCommand(withdrawalsCommands, ctx.database.db, name, args);

describe('GET /profile/referrals', () => {
  it('gives the overview with one row per invited user (total earned, registration time, last paid)', async () => {
    const inviter = await verifiedUser(ctx);
    const a = await verifiedUser(ctx, { ref: inviter.refLink });
    const b = await verifiedUser(ctx, { ref: inviter.refLink });
    await registerUser(ctx.app); // not invited
    for (const amount of [50, 30]) {
      const payment = await sandboxPayment(ctx, a.token, amount);
      await deliverSandbox(ctx, sandboxBody(payment));
    }
    const response = await ctx.api.request('GET', '/api/profile/referrals', {
      token: inviter.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      count_referrals: number;
      reward: number;
      referral_balance: number;
      total_income: number;
      referrals: {
        data: { referral_id: number; amount: number; paid_at: string | null; created_at: string }[];
        meta: { total: number };
      };
    }>();
    expect(body).toMatchObject({
      count_referrals: 2,
      reward: 10,
      referral_balance: 8,
      total_income: 8,
    });
    expect(body.referrals.meta).toEqual({ total: 2, page: 1, per_page: 10 });
    expect(body.referrals.data.map((r) => [r.referral_id, r.amount])).toEqual([
      [b.id, 0],
      [a.id, 8],
    ]);
    expect(body.referrals.data[0]?.paid_at).toBeNull();
    const byAmount = await ctx.api.request(
      'GET',
      '/api/profile/referrals?sort=amount&direction=desc&per_page=10&page=1',
      { token: inviter.token },
    );
    expect(byAmount.json<typeof body>().referrals.data[0]?.referral_id).toBe(a.id);
  });
});

describe('POST /profile/transfer-referral-balance', () => {
  it('moves the amount to the main balance with two hidden entries', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 1000);
    const response = await transfer(user.token, { amount: '4.5' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 450,
      referral_balance_cents: 550,
    });
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });

  it('refuses below $1, above the balance, non-numeric, and unverified users, changing nothing', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 500);
    const less = await transfer(user.token, { amount: 0.5 });
    expect(less.statusCode).toBe(422);
    expect(less.json<{ errors: { amount: string[] } }>().errors.amount).toEqual([
      'The amount must be at least $1',
    ]);
    const more = await transfer(user.token, { amount: 5.01 }, 'ru');
    expect(more.json<{ errors: { amount: string[] } }>().errors.amount).toEqual([
      'Сумма больше вашего реферального баланса',
    ]);
    expect((await transfer(user.token, { amount: 'all' })).statusCode).toBe(422);
    expect((await transfer(user.token, {})).statusCode).toBe(422);
    const unverified = await registerUser(ctx.app);
    expect((await transfer(unverified.token, { amount: 1 })).statusCode).toBe(403);
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 500,
    });
  });

  it('50 parallel transfers of the whole balance: exactly one succeeds', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 2500);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => transfer(user.token, { amount: 25 })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(49);
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 2500,
      referral_balance_cents: 0,
    });
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });
});

describe('withdrawals', () => {
  it('holds the amount, creates a waiting order, lists it as orders', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 15000);
    const response = await withdraw(user.token, { amount: 120, address: ADDRESS });
    expect(response.statusCode).toBe(200);
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 3000,
    });
    const list = await ctx.api.request('GET', '/api/profile/withdrawals', { token: user.token });
    const body = list.json<{
      orders: {
        data: { id: number; amount: number; status: string; address: string }[];
        meta: { total: number };
      };
    }>();
    expect(body.orders.meta).toEqual({ total: 1, page: 1, per_page: 10 });
    expect(body.orders.data[0]).toMatchObject({ amount: 120, status: 'waiting', address: ADDRESS });
    const filtered = await ctx.api.request(
      'GET',
      '/api/profile/withdrawals?filters[status]=completed',
      { token: user.token },
    );
    expect(filtered.json<typeof body>().orders.meta.total).toBe(0);
  });

  it('refuses below $100, above the balance, a checksum-invalid or malformed address, changing nothing', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 20000);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 99.99, address: ADDRESS }, 'amount', 'The amount must be at least $100'],
      [
        { amount: 200.01, address: ADDRESS },
        'amount',
        'The amount is more than your referral balance',
      ],
      [{ amount: 'x', address: ADDRESS }, 'amount', 'Required field'],
      [{ amount: 150, address: MISTYPED }, 'address', 'Enter a valid TRC20 wallet address'],
      [{ amount: 150, address: 'T123' }, 'address', 'Enter a valid TRC20 wallet address'],
      [{ amount: 150, address: '' }, 'address', 'Required field'],
    ];
    for (const [payload, field, text] of cases) {
      const response = await withdraw(user.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]?.[0]).toBe(text);
    }
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 20000,
    });
    expect(await withdrawalsOf(user.id)).toHaveLength(0);
    const unverified = await registerUser(ctx.app);
    expect((await withdraw(unverified.token, { amount: 100, address: ADDRESS })).statusCode).toBe(
      403,
    );
  });

  it('50 parallel withdrawals of the whole balance: exactly one succeeds', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 10000);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(user.token, { amount: 100, address: ADDRESS })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await withdrawalsOf(user.id)).toHaveLength(1);
    expect(await balancesOf(ctx, user.id)).toEqual({ balance_cents: 0, referral_balance_cents: 0 });
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });

  it('operator: complete and reject each happen once, even when run twice concurrently; rejection returns the amount', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 30000);
    await withdraw(user.token, { amount: 100, address: ADDRESS });
    await withdraw(user.token, { amount: 150, address: ADDRESS });
    const [first, second] = await withdrawalsOf(user.id);
    const listed = await run('withdrawals:list', ['--status', 'waiting']);
    expect(listed.output).toContain(`#${first!.id}`);
    const completes = await Promise.all([
      run('withdrawals:complete', [String(first!.id), '--txid', 'abc123']),
      run('withdrawals:complete', [String(first!.id), '--txid', 'abc123']),
    ]);
    expect(completes.map((c) => c.exitCode).sort()).toEqual([0, 1]);
    const rejects = await Promise.all([
      run('withdrawals:reject', [String(second!.id), '--reason', 'wrong network']),
      run('withdrawals:reject', [String(second!.id), '--reason', 'wrong network']),
    ]);
    expect(rejects.map((c) => c.exitCode).sort()).toEqual([0, 1]);
    expect((await run('withdrawals:reject', [String(first!.id)])).exitCode).toBe(1);
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 5000 + 15000,
    });
    expect(await withdrawalsOf(user.id)).toEqual([
      { id: first!.id, status: 'completed', txid: 'abc123', reason: null },
      { id: second!.id, status: 'rejected', txid: null, reason: 'wrong network' },
    ]);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });
});
