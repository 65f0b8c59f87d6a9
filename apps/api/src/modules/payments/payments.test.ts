import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, apiErrorSchema, formatDollars, toDollars } from '@proxy/contract';
import {
  bearer,
  createTestApp,
  registerUser,
  useTestApp,
  verifiedUser,
} from '../../../test/helpers.ts';
import {
  balancesOf,
  countEntries,
  countOfType,
  createTopUp,
  deliverSandbox,
  ledgerMismatchesOf,
  paymentCount,
  paymentIdOf,
  paymentRow,
  sandboxBody,
  sandboxPayment,
} from '../../../test/money.ts';
import {
  createSandboxCheckoutToken,
  SANDBOX_CHECKOUT_TTL_MS,
} from '../../integrations/payments/sandbox.ts';

const ctx = useTestApp();

describe('POST /payment/create', () => {
  it('creates a waiting sandbox payment and answers the checkout url', async () => {
    const user = await verifiedUser(ctx);
    const response = await createTopUp(ctx, user.token, {
      amount: '12.5',
      type: 3,
      network: 'USDT-TRC20',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; message: string; url: string }>();
    expect(body.success).toBe(true);
    expect(body.url).toMatch(
      /^http:\/\/cabinet\.test\/api\/payment\/sandbox\/[0-9a-f-]{36}\?token=[\w.-]+$/,
    );
    const row = await paymentRow(ctx, paymentIdOf(body.url));
    expect(row).toMatchObject({
      user_id: user.id,
      provider: 'sandbox',
      merchant_id: 5,
      status: 0,
      amount_cents: 1250,
      currency: 'USD',
      type: 3,
      network: 'USDT-TRC20',
      system_name: 'Crypto USDT-TRC20',
    });
    expect(row.provider_payment_id).toBe(`sbx_${row.id}`);
  });

  it('refuses a typed amount that is not plain digits (1e3) with a field error', async () => {
    const user = await verifiedUser(ctx);
    for (const amount of ['1e3', '0x10', '+50']) {
      const response = await createTopUp(ctx, user.token, { amount, type: 5 });
      expect(response.statusCode, amount).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.amount, amount).toEqual([
        'Enter the amount in digits, for example 25 or 25.50',
      ]);
    }
    expect(await paymentCount(ctx, user.id)).toBe(0);
  });

  it('refuses an unverified user with 403 and creates nothing', async () => {
    const user = await registerUser(ctx.app);
    const response = await createTopUp(ctx, user.token, { amount: 20, type: 5 });
    expect(response.statusCode).toBe(403);
    expect(await paymentCount(ctx, user.id)).toBe(0);
  });

  it('refuses amounts outside every method bound, with the bound in the message', async () => {
    const user = await verifiedUser(ctx);
    for (const method of PAYMENT_METHODS) {
      const base = {
        type: method.type,
        payment_system: method.paymentSystem,
        network: method.hasNetworks ? 'BTC' : undefined,
      };
      const below = await createTopUp(ctx, user.token, {
        ...base,
        amount: (method.minCents - 1) / 100,
      });
      expect(below.statusCode, `below ${method.id}`).toBe(422);
      expect(below.json<{ errors: Record<string, string[]> }>().errors.amount?.[0]).toContain(
        formatDollars(toDollars(method.minCents)),
      );
      const above = await createTopUp(ctx, user.token, {
        ...base,
        amount: (method.maxCents + 1) / 100,
      });
      expect(above.statusCode, `above ${method.id}`).toBe(422);
      expect(above.json<{ errors: Record<string, string[]> }>().errors.amount?.[0]).toContain(
        formatDollars(toDollars(method.maxCents)),
      );
      const exact = await createTopUp(ctx, user.token, { ...base, amount: method.minCents / 100 });
      expect(exact.statusCode, `min of ${method.id}`).toBe(200);
    }
    expect(await paymentCount(ctx, user.id)).toBe(PAYMENT_METHODS.length);
  });

  it('refuses non-numeric amounts, unknown methods and a crypto payment without network', async () => {
    const user = await verifiedUser(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 'abc', type: 5 }, 'amount'],
      [{ amount: '', type: 5 }, 'amount'],
      [{ amount: null, type: 5 }, 'amount'],
      [{ amount: '12.345', type: 5 }, 'amount'],
      [{ amount: 20, type: 4 }, 'type'],
      [{ amount: 20, type: 7, payment_system: 9 }, 'payment_system'],
      [{ amount: 20, type: 3 }, 'network'],
      [{ amount: 20, type: 3, network: 'DOGE' }, 'network'],
    ];
    for (const [payload, field] of cases) {
      const response = await createTopUp(ctx, user.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    const ru = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/create',
      headers: { ...bearer(user.token), 'accept-language': 'ru' },
      payload: { amount: 1, type: 5 },
    });
    expect(ru.json<{ errors: { amount: string[] } }>().errors.amount[0]).toBe(
      'Минимальная сумма для этого способа — $10',
    );
    expect(await paymentCount(ctx, user.id)).toBe(0);
  });

  it('lists the crypto networks', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/payment/networks',
      headers: bearer(user.token),
    });
    expect(response.json<{ networks: string[] }>().networks).toContain('USDT-TRC20');
  });
});

describe('sandbox webhooks', () => {
  it('credits a paid payment once, notifies, and logs the delivery', async () => {
    const user = await verifiedUser(ctx);
    const payment = await sandboxPayment(ctx, user.token, 25);
    const response = await deliverSandbox(ctx, sandboxBody(payment));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'credited' });
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(2500);
    expect(await paymentRow(ctx, payment.id)).toMatchObject({ status: 1 });
    const notification = await ctx.database.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', user.id)
      .where('type', '=', 'notifications.top_up')
      .executeTakeFirstOrThrow();
    expect(notification.data).toEqual([
      { label: 'amount', value: '$25' },
      { label: 'method', value: 'Visa / Mastercard' },
    ]);
    const replay = await deliverSandbox(ctx, sandboxBody(payment));
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(2500);
    const deliveries = await ctx.database.db
      .selectFrom('payment_webhook_deliveries')
      .select('outcome')
      .where('payment_id', '=', payment.id)
      .orderBy('id')
      .execute();
    expect(deliveries.map((d) => d.outcome)).toEqual(['credited', 'duplicate']);
  });

  it('credits 20 parallel deliveries of the same webhook exactly once', async () => {
    const user = await verifiedUser(ctx);
    const payment = await sandboxPayment(ctx, user.token, 40);
    const body = sandboxBody(payment);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => deliverSandbox(ctx, body)),
    );
    const outcomes = responses.map((r) => r.json<{ outcome: string }>().outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(4000);
    expect(await countEntries(ctx, user.id)).toBe(1);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });

  it('refuses forgeries with nothing changed: bad signature, stale timestamp, changed amount, currency, unknown payment', async () => {
    const user = await verifiedUser(ctx);
    const payment = await sandboxPayment(ctx, user.token, 30);
    const forged = await deliverSandbox(ctx, sandboxBody(payment), 'not-the-secret-not-the-secret');
    expect(forged.statusCode).toBe(401);
    const stale = await deliverSandbox(
      ctx,
      sandboxBody(payment),
      undefined,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(stale.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: sandboxBody(payment),
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed correctly but the body was altered after signing:
    const body = sandboxBody(payment);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': (
          await import('../../integrations/payments/sandbox.ts')
        ).signSandboxPayload(
          (await import('./payment-providers.ts')).sandboxSecretOf(ctx.config),
          body,
          Math.floor(Date.now() / 1000),
        ),
      },
      payload: body.replace('"30.00"', '"3000.00"'),
    });
    expect(tampered.statusCode).toBe(401);
    const changedAmount = await deliverSandbox(ctx, sandboxBody(payment, { amount: '3000.00' }));
    expect(changedAmount.statusCode).toBe(409);
    const changedCurrency = await deliverSandbox(ctx, sandboxBody(payment, { currency: 'EUR' }));
    expect(changedCurrency.statusCode).toBe(409);
    const unknown = await deliverSandbox(
      ctx,
      sandboxBody({
        id: '00000000-0000-4000-8000-000000000000',
        provider_payment_id: 'sbx_nope',
        amount_cents: 3000,
      }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await balancesOf(ctx, user.id)).toEqual({ balance_cents: 0, referral_balance_cents: 0 });
    expect(await paymentRow(ctx, payment.id)).toMatchObject({ status: 0, credited_at: null });
    expect(await countEntries(ctx, user.id)).toBe(0);
    const outcomes = await ctx.database.db
      .selectFrom('payment_webhook_deliveries')
      .select('outcome')
      .where('payment_id', '=', payment.id)
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['amount_mismatch', 'amount_mismatch']);
  });

  it('answers 400 in the error shape to validly signed bodies that are no sandbox payload', async () => {
    const user = await verifiedUser(ctx);
    const payment = await sandboxPayment(ctx, user.token, 20);
    const odd = [
      'null',
      '[]',
      '"paid"',
      '{}',
      '{"id":',
      JSON.stringify({ id: payment.provider_payment_id, status: 'paid' }),
      sandboxBody(payment, { id: 5 }),
      sandboxBody(payment, { id: { $ne: null } }),
      sandboxBody(payment, { id: `${payment.provider_payment_id}\u0000` }),
      sandboxBody(payment, { status: 'constructor' }),
      sandboxBody(payment, { status: ['paid'] }),
      sandboxBody(payment, { amount: 20 }),
      sandboxBody(payment, { amount: '20,00' }),
      sandboxBody(payment, { amount: null }),
      sandboxBody(payment, { currency: 840 }),
    ];
    for (const body of odd) {
      const response = await deliverSandbox(ctx, body);
      expect(response.statusCode, body).toBe(400);
      const answer: unknown = response.json();
      expect(apiErrorSchema.safeParse(answer).success, body).toBe(true);
      expect(answer, body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
    expect(await paymentRow(ctx, payment.id)).toMatchObject({ status: 0, credited_at: null });
    expect(await balancesOf(ctx, user.id)).toEqual({ balance_cents: 0, referral_balance_cents: 0 });
    // The same payment still credits with a well-formed delivery.
    expect((await deliverSandbox(ctx, sandboxBody(payment))).json()).toMatchObject({
      outcome: 'credited',
    });
  });

  it('handles late and duplicate status changes: error then success credits, error after success is ignored', async () => {
    const user = await verifiedUser(ctx);
    const payment = await sandboxPayment(ctx, user.token, 15);
    expect(
      (await deliverSandbox(ctx, sandboxBody(payment, { status: 'failed' }))).json(),
    ).toMatchObject({ outcome: 'failed' });
    expect(
      (await deliverSandbox(ctx, sandboxBody(payment, { status: 'failed' }))).json(),
    ).toMatchObject({ outcome: 'ignored' });
    expect(await paymentRow(ctx, payment.id)).toMatchObject({ status: 2 });
    expect((await deliverSandbox(ctx, sandboxBody(payment))).json()).toMatchObject({
      outcome: 'credited',
    });
    expect(
      (await deliverSandbox(ctx, sandboxBody(payment, { status: 'failed' }))).json(),
    ).toMatchObject({ outcome: 'ignored' });
    expect(await paymentRow(ctx, payment.id)).toMatchObject({ status: 1 });
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(1500);
    const types = await ctx.database.db
      .selectFrom('ledger_entries')
      .select(['type', 'amount_cents'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(types).toEqual([
      { type: 'payment_error', amount_cents: 0 },
      { type: 'payment', amount_cents: 1500 },
    ]);
  });

  it('pays the inviter their percent of every credited top-up of an invited user', async () => {
    const inviter = await verifiedUser(ctx);
    const refLink = (
      await ctx.database.db
        .selectFrom('users')
        .select('ref_link')
        .where('id', '=', inviter.id)
        .executeTakeFirstOrThrow()
    ).ref_link;
    const invited = await verifiedUser(ctx, { ref: refLink });
    await ctx.database.db
      .updateTable('users')
      .set({ referral_reward: 15 })
      .where('id', '=', inviter.id)
      .execute();
    for (const amount of [100, 33.33]) {
      const payment = await sandboxPayment(ctx, invited.token, amount);
      await deliverSandbox(ctx, sandboxBody(payment));
      await deliverSandbox(ctx, sandboxBody(payment));
    }
    // 15% of $100 = $15; 15% of $33.33 = $4.9995 -> $4.99 (rounded down).
    expect(await balancesOf(ctx, inviter.id)).toEqual({
      balance_cents: 0,
      referral_balance_cents: 1999,
    });
    const rewards = await ctx.database.db
      .selectFrom('referral_rewards')
      .select(['amount_cents', 'percent', 'referral_id'])
      .where('inviter_id', '=', inviter.id)
      .orderBy('id')
      .execute();
    expect(rewards).toEqual([
      { amount_cents: 1500, percent: 15, referral_id: invited.id },
      { amount_cents: 499, percent: 15, referral_id: invited.id },
    ]);
    expect(
      await countOfType(ctx, 'notifications', inviter.id, 'notifications.referral_reward'),
    ).toBe(2);
    expect(await ledgerMismatchesOf(ctx, [inviter.id, invited.id])).toEqual([]);
  });
});

/** The checkout page as the payment's URL names it: path and its signed one-time token. */
const checkoutPath = (payment: { checkout_url: string | null }) => {
  const url = new URL(payment.checkout_url ?? '');
  return `${url.pathname}${url.search}`;
};
const tokenOf = (payment: { checkout_url: string | null }) =>
  new URL(payment.checkout_url ?? '').searchParams.get('token') ?? '';
const actionPath = (
  payment: { id: string; checkout_url: string | null },
  action: 'pay' | 'fail',
  token = tokenOf(payment),
) => `/api/payment/sandbox/${payment.id}/${action}?token=${encodeURIComponent(token)}`;

describe('sandbox checkout access', () => {
  it('opens and completes only with the signed token of that payment and user, before it expires', async () => {
    const user = await verifiedUser(ctx);
    const other = await verifiedUser(ctx);
    const payment = await sandboxPayment(ctx, user.token, 30);
    const foreign = await sandboxPayment(ctx, other.token, 30);
    expect(payment.checkout_url).toMatch(
      new RegExp(`^http://cabinet\\.test/api/payment/sandbox/${payment.id}\\?token=[\\w.-]+$`),
    );
    const token = tokenOf(payment);
    const secret = ctx.config.APP_SECRET;
    const expired = createSandboxCheckoutToken(
      secret,
      { paymentId: payment.id, userId: user.id },
      Date.now() - SANDBOX_CHECKOUT_TTL_MS - 1000,
    );
    const otherUser = createSandboxCheckoutToken(secret, {
      paymentId: payment.id,
      userId: other.id,
    });
    const forged = createSandboxCheckoutToken('another-secret-another-secret-0123456789', {
      paymentId: payment.id,
      userId: user.id,
    });
    const refused = ['', tokenOf(foreign), expired, otherUser, forged, `${token}x`, 'a.b'];

    const page = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/payment/sandbox/${payment.id}${query}` });
    expect((await page('')).statusCode).toBe(404);
    for (const bad of refused) {
      const response = await page(`?token=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json(), bad).toMatchObject({ code: 'NOT_FOUND' });
      const action = await ctx.app.inject({
        method: 'POST',
        url: actionPath(payment, 'pay', bad),
      });
      expect(action.statusCode, bad).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/${payment.id}/pay` }))
        .statusCode,
    ).toBe(404);
    expect(await paymentRow(ctx, payment.id)).toMatchObject({ status: 0, credited_at: null });

    const opened = await page(`?token=${encodeURIComponent(token)}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(actionPath(payment, 'pay').replace(/&/g, '&amp;'));
  });
});

describe('sandbox checkout over real HTTP', () => {
  it('serves the page; Pay posts a signed webhook to our own server and 303s to the result', async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await verifiedUser(live);
      const payment = await sandboxPayment(live, user.token, 50);
      const page = await live.app.inject({ method: 'GET', url: checkoutPath(payment) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('$50');
      expect(page.body).toContain(`/api/payment/sandbox/${payment.id}/pay?token=`);
      const pay = await live.app.inject({
        method: 'POST',
        url: actionPath(payment, 'pay'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(pay.statusCode).toBe(303);
      expect(pay.headers.location).toBe('http://cabinet.test/cabinet/payment?result=success');
      expect((await balancesOf(live, user.id)).balance_cents).toBe(5000);
      // The token completes its payment once: a second press changes nothing.
      const again = await live.app.inject({ method: 'POST', url: actionPath(payment, 'fail') });
      expect(again.headers.location).toBe('http://cabinet.test/cabinet/payment?result=success');
      expect((await balancesOf(live, user.id)).balance_cents).toBe(5000);

      const second = await sandboxPayment(live, user.token, 20);
      const fail = await live.app.inject({ method: 'POST', url: actionPath(second, 'fail') });
      expect(fail.headers.location).toBe('http://cabinet.test/cabinet/payment?result=fail');
      expect(
        (
          await live.database.db
            .selectFrom('payments')
            .select('status')
            .where('id', '=', second.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe(2);
      // A processed payment shows no buttons.
      const done = await live.app.inject({ method: 'GET', url: checkoutPath(payment) });
      expect(done.statusCode).toBe(200);
      expect(done.body).not.toContain('/pay?');
      const missing = await live.app.inject({
        method: 'GET',
        url: '/api/payment/sandbox/not-a-uuid',
      });
      expect(missing.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('GET /profile/payments', () => {
  it('pages, sorts and filters the owner payments only', async () => {
    const user = await verifiedUser(ctx);
    const other = await verifiedUser(ctx);
    await sandboxPayment(ctx, other.token, 99);
    const amounts = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];
    const payments = [];
    for (const amount of amounts) payments.push(await sandboxPayment(ctx, user.token, amount));
    await deliverSandbox(ctx, sandboxBody(payments[0]!));
    await deliverSandbox(ctx, sandboxBody(payments[1]!, { status: 'failed' }));
    const get = (query: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/profile/payments${query}`,
        headers: bearer(user.token),
      });
    type Page = {
      data: { id: string; amount: number; status: number; merchant: number }[];
      meta: { total: number; page: number; per_page: number };
    };
    const first = (await get('')).json<Page>();
    expect(first.meta).toEqual({ total: 12, page: 1, per_page: 10 });
    expect(first.data.map((p) => p.amount)).toEqual([120, 110, 100, 90, 80, 70, 60, 50, 40, 30]);
    const second = (await get('?page=2')).json<Page>();
    expect(second.data.map((p) => p.amount)).toEqual([20, 10]);
    // The total is right whether the page tells it (short last page) or a count runs (past the end, full page).
    expect(second.meta).toEqual({ total: 12, page: 2, per_page: 10 });
    expect((await get('?page=3')).json<Page>()).toEqual({
      data: [],
      meta: { total: 12, page: 3, per_page: 10 },
    });
    expect((await get('?per_page=20')).json<Page>().meta.total).toBe(12);
    expect(
      (await get('?filters[merchant]=5&filters[status]=0&per_page=10')).json<Page>().data,
    ).toHaveLength(10);
    const byAmount = (await get('?sort=amount&direction=asc&per_page=20')).json<Page>();
    expect(byAmount.data.map((p) => p.amount)).toEqual(amounts);
    const success = (await get('?filters[status]=1')).json<Page>();
    expect(success.data.map((p) => p.amount)).toEqual([10]);
    const failed = (await get('?filters%5Bstatus%5D=2')).json<Page>();
    expect(failed.data.map((p) => p.amount)).toEqual([20]);
    const merchant = (await get('?filters[merchant]=5&filters[status]=0')).json<Page>();
    expect(merchant.meta.total).toBe(10);
    expect((await get('?filters[merchant]=1')).json<Page>().meta.total).toBe(0);
    expect((await get('?filters[status]=7')).statusCode).toBe(422);
    expect((await get('?sort=user_id')).statusCode).toBe(422);
    expect((await get('?per_page=15')).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/payments' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /profile/transactions', () => {
  it('lists the owner ledger entries in dollars, hides referral transfers, filters by type', async () => {
    const user = await verifiedUser(ctx);
    const payment = await sandboxPayment(ctx, user.token, 12.5);
    await deliverSandbox(ctx, sandboxBody(payment));
    const failed = await sandboxPayment(ctx, user.token, 10);
    await deliverSandbox(ctx, sandboxBody(failed, { status: 'failed' }));
    await ctx.database.db.transaction().execute(async (tx) => {
      const { postLedgerEntry } = await import('../ledger/ledger.service.ts');
      await postLedgerEntry(tx, {
        userId: user.id,
        account: 'referral',
        type: 'referral_reward',
        amountCents: 300,
      });
      await postLedgerEntry(tx, {
        userId: user.id,
        account: 'referral',
        type: 'withdrawal_from_referral_to_main_balance',
        amountCents: -300,
      });
      await postLedgerEntry(tx, {
        userId: user.id,
        account: 'main',
        type: 'withdrawal_from_referral_to_main_balance',
        amountCents: 300,
      });
    });
    type Page = {
      data: { type: string; amount: number; comment: string | null }[];
      meta: { total: number };
    };
    const get = (query: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/profile/transactions${query}`,
        headers: bearer(user.token),
      });
    const all = (await get('')).json<Page>();
    expect(all.meta.total).toBe(3);
    expect(all.data.map((t) => [t.type, t.amount])).toEqual([
      ['referral_reward', 3],
      ['payment_error', 0],
      ['payment', 12.5],
    ]);
    const payments = (await get('?filters[type]=payment')).json<Page>();
    expect(payments.data).toHaveLength(1);
    expect((await get('?filters[type]=withdrawal_from_referral_to_main_balance')).statusCode).toBe(
      422,
    );
    const byAmount = (await get('?sort=amount&direction=desc')).json<Page>();
    expect(byAmount.data.map((t) => t.amount)).toEqual([12.5, 3, 0]);
    const other = await verifiedUser(ctx);
    const empty = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/transactions',
      headers: bearer(other.token),
    });
    expect(empty.json<Page>().meta.total).toBe(0);
  });
});
