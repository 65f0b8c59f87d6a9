import { describe, expect, it } from 'vitest';
import { bearer, registerUser, useTestApp, verifiedUser } from '../../../test/helpers.ts';
import {
  balancesOf,
  deliverSandbox,
  ledgerMismatchesOf,
  sandboxBody,
  sandboxPayment,
} from '../payments/money-test-helpers.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { withdrawalsCommands } from '../withdrawals/withdrawals.commands.ts';

const ctx = useTestApp();

// A valid TRC20 address (base58check) and the same with one character changed.
const ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const MISTYPED = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8';

const giveReferralBalance = (userId: number, cents: number) =>
  ctx.database.db.transaction().execute((tx) =>
    postLedgerEntry(tx, {
      userId,
      account: 'referral',
      type: 'referral_reward',
      amountCents: cents,
      refType: 'test',
    }),
  );

const post = (token: string, url: string, payload: unknown, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'accept-language': language },
    payload: payload as object,
  });

const run = async (name: string, args: string[]) => {
  const result = await withdrawalsCommands[name]!.run(ctx.database.db, args);
  return typeof result === 'string' ? { output: result, exitCode: 0 } : result;
};

describe('GET /profile/referrals', () => {
  it('gives the overview with one row per invited user (total earned, registration time, last paid)', async () => {
    const inviter = await verifiedUser(ctx);
    const { ref_link } = await ctx.database.db
      .selectFrom('users')
      .select('ref_link')
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow();
    const a = await verifiedUser(ctx, { ref: ref_link });
    const b = await verifiedUser(ctx, { ref: ref_link });
    await registerUser(ctx.app); // not invited
    for (const amount of [50, 30]) {
      const payment = await sandboxPayment(ctx, a.token, amount);
      await deliverSandbox(ctx, sandboxBody(payment));
    }
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/referrals',
      headers: bearer(inviter.token),
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
    const byAmount = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/referrals?sort=amount&direction=desc&per_page=10&page=1',
      headers: bearer(inviter.token),
    });
    expect(byAmount.json<typeof body>().referrals.data[0]?.referral_id).toBe(a.id);
  });
});

describe('POST /profile/transfer-referral-balance', () => {
  it('moves the amount to the main balance with two hidden entries', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 1000);
    const response = await post(user.token, '/api/profile/transfer-referral-balance', {
      amount: '4.5',
    });
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
    const less = await post(user.token, '/api/profile/transfer-referral-balance', { amount: 0.5 });
    expect(less.statusCode).toBe(422);
    expect(less.json<{ errors: { amount: string[] } }>().errors.amount).toEqual([
      'The amount must be at least $1',
    ]);
    const more = await post(
      user.token,
      '/api/profile/transfer-referral-balance',
      { amount: 5.01 },
      'ru',
    );
    expect(more.json<{ errors: { amount: string[] } }>().errors.amount).toEqual([
      'Сумма больше вашего реферального баланса',
    ]);
    expect(
      (await post(user.token, '/api/profile/transfer-referral-balance', { amount: 'all' }))
        .statusCode,
    ).toBe(422);
    expect((await post(user.token, '/api/profile/transfer-referral-balance', {})).statusCode).toBe(
      422,
    );
    const unverified = await registerUser(ctx.app);
    expect(
      (await post(unverified.token, '/api/profile/transfer-referral-balance', { amount: 1 }))
        .statusCode,
    ).toBe(403);
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 500,
    });
  });

  it('50 parallel transfers of the whole balance: exactly one succeeds', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 2500);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(user.token, '/api/profile/transfer-referral-balance', { amount: 25 }),
      ),
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
    const response = await post(user.token, '/api/profile/withdrawals', {
      amount: 120,
      address: ADDRESS,
    });
    expect(response.statusCode).toBe(200);
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 3000,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/withdrawals',
      headers: bearer(user.token),
    });
    const body = list.json<{
      orders: {
        data: { id: number; amount: number; status: string; address: string }[];
        meta: { total: number };
      };
    }>();
    expect(body.orders.meta).toEqual({ total: 1, page: 1, per_page: 10 });
    expect(body.orders.data[0]).toMatchObject({ amount: 120, status: 'waiting', address: ADDRESS });
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/withdrawals?filters[status]=completed',
      headers: bearer(user.token),
    });
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
      const response = await post(user.token, '/api/profile/withdrawals', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]?.[0]).toBe(text);
    }
    expect(await balancesOf(ctx, user.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 20000,
    });
    const orders = await ctx.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(orders).toHaveLength(0);
    const unverified = await registerUser(ctx.app);
    expect(
      (await post(unverified.token, '/api/profile/withdrawals', { amount: 100, address: ADDRESS }))
        .statusCode,
    ).toBe(403);
  });

  it('50 parallel withdrawals of the whole balance: exactly one succeeds', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 10000);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(user.token, '/api/profile/withdrawals', { amount: 100, address: ADDRESS }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const orders = await ctx.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(orders).toHaveLength(1);
    expect(await balancesOf(ctx, user.id)).toEqual({ balance_cents: 0, referral_balance_cents: 0 });
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });

  it('operator: complete and reject each happen once, even when run twice concurrently; rejection returns the amount', async () => {
    const user = await verifiedUser(ctx);
    await giveReferralBalance(user.id, 30000);
    await post(user.token, '/api/profile/withdrawals', { amount: 100, address: ADDRESS });
    await post(user.token, '/api/profile/withdrawals', { amount: 150, address: ADDRESS });
    const [first, second] = await ctx.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
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
    const statuses = await ctx.database.db
      .selectFrom('withdrawals')
      .select(['status', 'txid', 'reason'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { status: 'completed', txid: 'abc123', reason: null },
      { status: 'rejected', txid: null, reason: 'wrong network' },
    ]);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });
});
