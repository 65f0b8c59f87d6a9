import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS } from '@proxy/contract';
import { useTestApp, verifiedUser, type Registered } from '../../../test/helpers.ts';
import {
  balancesOf,
  countOfType,
  deliverSandbox,
  ledgerMismatchesOf,
  paymentRow,
  sandboxBody,
  sandboxPayment,
} from '../../../test/money.ts';
import { sweepExpiredPayments } from './payments.jobs.ts';

const ctx = useTestApp();
const DAY_MS = 86_400_000;

type Page = { data: { id: string; status: number }[]; meta: { total: number } };

/** The user's payments as the cabinet's table reads them. */
const listed = async (user: Registered, query = '') => {
  const response = await ctx.api.request('GET', `/api/profile/payments${query}`, {
    token: user.token,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
};
const statusesOf = async (user: Registered) =>
  Object.fromEntries((await listed(user)).data.map((p) => [p.id, p.status]));

/** The expiry of the checkout link's token (`?token=<unix seconds>.<mac>`). */
const linkExpiry = (checkoutUrl: string | null) =>
  Number(new URL(checkoutUrl ?? '').searchParams.get('token')?.split('.')[0]) * 1000;

describe('payment expiry', () => {
  it('a sandbox payment left waiting expires with its checkout link, a day after it was made; a paid webhook after that credits once', async () => {
    const user = await verifiedUser(ctx);
    const abandoned = await sandboxPayment(ctx, user.token, 25);
    const paid = await sandboxPayment(ctx, user.token, 30);
    await deliverSandbox(ctx, sandboxBody(paid));
    const failed = await sandboxPayment(ctx, user.token, 35);
    await deliverSandbox(ctx, sandboxBody(failed, { status: 'failed' }));

    // The sandbox's checkout lives 24 hours, as a Stripe Checkout Session does by default.
    const row = await paymentRow(ctx, abandoned.id);
    const expiresAt = row.expires_at?.getTime() ?? 0;
    expect(expiresAt).toBe(linkExpiry(row.checkout_url));
    expect(Math.abs(expiresAt - row.created_at.getTime() - DAY_MS)).toBeLessThan(5_000);

    const sweep = (at: number) =>
      sweepExpiredPayments(ctx.database.db, { now: new Date(at), userIds: [user.id] });
    expect(await sweep(expiresAt - 60_000)).toBe(0);
    expect((await statusesOf(user))[abandoned.id]).toBe(PAYMENT_STATUS.waiting);

    // Two instances sweeping at once expire it once; paid and failed payments stay as they are.
    const swept = await Promise.all([sweep(expiresAt + 1_000), sweep(expiresAt + 1_000)]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await statusesOf(user)).toEqual({
      [abandoned.id]: PAYMENT_STATUS.expired,
      [paid.id]: PAYMENT_STATUS.success,
      [failed.id]: PAYMENT_STATUS.error,
    });
    const onlyExpired = await listed(user, `?filters[status]=${PAYMENT_STATUS.expired}`);
    expect(onlyExpired.data.map((p) => p.id)).toEqual([abandoned.id]);
    expect(onlyExpired.meta.total).toBe(1);
    // Nothing was attempted: no "top-up failed" line in the transactions.
    expect(await countOfType(ctx, 'ledger_entries', user.id, 'payment_error')).toBe(1);

    // A failure notice changes nothing; the provider saying it was paid credits, once.
    expect(
      (await deliverSandbox(ctx, sandboxBody(abandoned, { status: 'failed' }))).json(),
    ).toMatchObject({ outcome: 'ignored' });
    expect((await deliverSandbox(ctx, sandboxBody(abandoned))).json()).toMatchObject({
      outcome: 'credited',
    });
    expect((await deliverSandbox(ctx, sandboxBody(abandoned))).json()).toMatchObject({
      outcome: 'duplicate',
    });
    expect((await statusesOf(user))[abandoned.id]).toBe(PAYMENT_STATUS.success);
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(3000 + 2500);
    expect(await countOfType(ctx, 'ledger_entries', user.id, 'payment')).toBe(2);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
    // A later sweep leaves the credited payment alone.
    expect(await sweep(expiresAt + DAY_MS)).toBe(0);
  });
});
