import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATUS, apiErrorSchema } from '@proxy/contract';
import { createTestApp, verifiedUser, type TestContext } from '../../../test/helpers.ts';
import { onlyPaymentOf } from '../../../test/shop.ts';
import { errorBody } from '../../../test/texts.ts';
import { balancesOf, countOfType, createTopUp } from '../../../test/money.ts';
import { sweepExpiredPayments } from '../../modules/payments/payments.jobs.ts';
import { startStandIn } from '../../../test/payment-stand-in.ts';

const SECRET_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789';

let standIn: Awaited<ReturnType<typeof startStandIn>>;
let ctx: TestContext;
let sessions = 0;
/** The `expires_at` of the last session the stand-in answered (unix seconds). */
let lastExpiresAt = 0;

/** An app whose card payments go to the stand-in, signing in with `secretKey`. */
const appWithStripe = (secretKey: string) =>
  createTestApp({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: 'http',
  });

beforeAll(async () => {
  // Answers like api.stripe.com: form-encoded request, bearer secret key, JSON session back.
  standIn = await startStandIn((request) => {
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`)
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key' } },
      };
    if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
      const form = new URLSearchParams(request.body);
      sessions += 1;
      const id = `cs_test_${sessions}`;
      // Without `expires_at` in the request Stripe closes the session 24 hours after it.
      lastExpiresAt = Math.floor(Date.now() / 1000) + 24 * 60 * 60;
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          expires_at: lastExpiresAt,
        },
      };
    }
    return { status: 404, body: { error: { message: 'no route' } } };
  });
  ctx = await appWithStripe(SECRET_KEY);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** Signed exactly as Stripe documents: `t=<unix>,v1=<HMAC-SHA256(secret, "<t>.<payload>")>`. */
const stripeSignature = (
  payload: string,
  secret = WEBHOOK_SECRET,
  t = Math.floor(Date.now() / 1000),
) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;

const event = (type: string, session: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });

const deliver = (payload: string, signature: string) =>
  ctx.api.request('POST', '/api/payment/webhook/stripe', {
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });

describe('Stripe Checkout adapter (against a local stand-in)', () => {
  it('creates a checkout session for a card method and credits on checkout.session.completed', async () => {
    const user = await verifiedUser(ctx);
    const created = await createTopUp(ctx, user.token, { amount: 25, type: 5 });
    expect(created.statusCode).toBe(200);
    const url = created.json<{ url: string }>().url;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const request = standIn.requests.at(-1)!;
    const form = new URLSearchParams(request.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('success_url')).toBe('http://cabinet.test/cabinet/payment?result=success');
    expect(request.headers['idempotency-key']).toMatch(/^payment-/);
    const payment = await onlyPaymentOf(ctx.database.db, user.id);
    expect(payment).toMatchObject({ provider: 'stripe', merchant_id: 1, status: 0 });
    // The payment expires when Stripe says its session does.
    expect(payment.expires_at).toEqual(new Date(lastExpiresAt * 1000));
    const completed = {
      id: payment.provider_payment_id,
      amount_total: 2500,
      currency: 'usd',
      payment_status: 'paid',
    };

    const forged = event('checkout.session.completed', completed);
    expect((await deliver(forged, stripeSignature(forged, 'whsec_wrong'))).statusCode).toBe(401);
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(0);

    const paid = event('checkout.session.completed', completed);
    const response = await deliver(paid, stripeSignature(paid));
    expect(response.json()).toEqual({ received: true, outcome: 'credited' });
    expect((await deliver(paid, stripeSignature(paid))).json()).toMatchObject({
      outcome: 'duplicate',
    });
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(2500);
  });

  it('answers 400 in the error shape to validly signed events of the wrong shape', async () => {
    const user = await verifiedUser(ctx);
    await createTopUp(ctx, user.token, { amount: 20, type: 5 });
    const payment = await onlyPaymentOf(ctx.database.db, user.id);
    const session = {
      id: payment.provider_payment_id,
      amount_total: 2000,
      currency: 'usd',
      payment_status: 'paid',
    };
    const completed = 'checkout.session.completed';
    const odd = [
      'null',
      '[]',
      '"event"',
      '{"id":',
      JSON.stringify({ id: 'evt_1', object: 'event' }),
      JSON.stringify({ id: 'evt_1', type: 5, data: { object: session } }),
      JSON.stringify({ id: 'evt_1', type: completed }),
      JSON.stringify({ id: 'evt_1', type: completed, data: null }),
      JSON.stringify({ id: 'evt_1', type: completed, data: { object: 'cs' } }),
      event(completed, { ...session, id: undefined }),
      event(completed, { ...session, id: 7 }),
      event(completed, { ...session, amount_total: '2000' }),
      event(completed, { ...session, currency: { code: 'usd' } }),
      event(completed, { ...session, payment_status: ['paid'] }),
    ];
    for (const payload of odd) {
      const response = await deliver(payload, stripeSignature(payload));
      expect(response.statusCode, payload).toBe(400);
      expect(apiErrorSchema.safeParse(response.json()).success, payload).toBe(true);
      expect(response.json(), payload).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(0);
    const paid = event(completed, session);
    expect((await deliver(paid, stripeSignature(paid))).json()).toMatchObject({
      outcome: 'credited',
    });
  });

  it('refuses a session whose amount differs and ignores unrelated events', async () => {
    const user = await verifiedUser(ctx);
    await createTopUp(ctx, user.token, { amount: 30, type: 6 });
    const payment = await onlyPaymentOf(ctx.database.db, user.id);
    const cheap = event('checkout.session.completed', {
      id: payment.provider_payment_id,
      amount_total: 100,
      currency: 'usd',
      payment_status: 'paid',
    });
    expect((await deliver(cheap, stripeSignature(cheap))).statusCode).toBe(409);
    const other = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect((await deliver(other, stripeSignature(other))).json()).toMatchObject({
      outcome: 'ignored',
    });
    const expired = event('checkout.session.expired', {
      id: payment.provider_payment_id,
      amount_total: 3000,
      currency: 'usd',
      payment_status: 'unpaid',
    });
    expect((await deliver(expired, stripeSignature(expired))).json()).toMatchObject({
      outcome: 'expired',
    });
    expect((await onlyPaymentOf(ctx.database.db, user.id)).status).toBe(PAYMENT_STATUS.expired);
    expect(await countOfType(ctx, 'ledger_entries', user.id, 'payment_error')).toBe(0);
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(0);
  });

  it('a session completed with a delayed payment does not expire; its later success credits', async () => {
    const user = await verifiedUser(ctx);
    await createTopUp(ctx, user.token, { amount: 40, type: 5 });
    const payment = await onlyPaymentOf(ctx.database.db, user.id);
    const session = { id: payment.provider_payment_id, amount_total: 4000, currency: 'usd' };
    const completed = event('checkout.session.completed', {
      ...session,
      payment_status: 'unpaid',
    });
    expect((await deliver(completed, stripeSignature(completed))).json()).toMatchObject({
      outcome: 'ignored',
    });
    // Stripe no longer expires a completed session: the bank debit settles in days.
    const later = new Date((payment.expires_at?.getTime() ?? 0) + 3 * 24 * 3_600_000);
    expect(await sweepExpiredPayments(ctx.database.db, { now: later, userIds: [user.id] })).toBe(0);
    expect((await onlyPaymentOf(ctx.database.db, user.id)).status).toBe(PAYMENT_STATUS.waiting);
    const succeeded = event('checkout.session.async_payment_succeeded', {
      ...session,
      payment_status: 'paid',
    });
    expect((await deliver(succeeded, stripeSignature(succeeded))).json()).toMatchObject({
      outcome: 'credited',
    });
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(4000);
  });

  it('answers 502 with the payment error text when Stripe refuses, marking the payment failed', async () => {
    const broken = await appWithStripe('sk_test_wrong_key');
    try {
      const user = await verifiedUser(broken);
      const response = await createTopUp(broken, user.token, { amount: 25, type: 5 });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual(
        errorBody('PAYMENT_PROVIDER_FAILED', 'Could not create the payment. Please try again.'),
      );
      expect((await onlyPaymentOf(broken.database.db, user.id)).status).toBe(2);
    } finally {
      await broken.close();
    }
  });
});
