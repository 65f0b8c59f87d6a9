import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATUS, apiErrorSchema } from '@proxy/contract';
import { createTestApp, verifiedUser, type TestContext } from '../../../test/helpers.ts';
import { onlyPaymentOf } from '../../../test/shop.ts';
import { balancesOf, countOfType, createTopUp } from '../../../test/money.ts';
import { startStandIn } from '../../../test/payment-stand-in.ts';
import { signNowPaymentsIpn } from './nowpayments.ts';

const API_KEY = 'NP-STANDIN-KEY';
const IPN_SECRET = 'np-ipn-secret-standin';

let standIn: Awaited<ReturnType<typeof startStandIn>>;
let ctx: TestContext;
let invoices = 4522625843;

beforeAll(async () => {
  // Answers like api.nowpayments.io: POST /v1/invoice with x-api-key, JSON invoice back.
  standIn = await startStandIn((request) => {
    if (request.headers['x-api-key'] !== API_KEY)
      return { status: 403, body: { statusCode: 403, code: 'INVALID_API_KEY' } };
    if (request.method === 'POST' && request.url === '/v1/invoice') {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      invoices += 1;
      return {
        status: 200,
        body: {
          id: String(invoices),
          token_id: 'tok',
          order_id: body.order_id,
          price_amount: String(body.price_amount),
          price_currency: body.price_currency,
          pay_currency: body.pay_currency,
          ipn_callback_url: body.ipn_callback_url,
          invoice_url: `https://nowpayments.test/payment/?iid=${invoices}`,
          created_at: new Date().toISOString(),
        },
      };
    }
    return { status: 404, body: {} };
  });
  ctx = await createTestApp({
    NOWPAYMENTS_API_KEY: API_KEY,
    NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    NOWPAYMENTS_BASE_URL: standIn.url,
  });
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** As their docs: HMAC-SHA512 of JSON.stringify(body with keys sorted), hex, in x-nowpayments-sig. */
const sortedJson = (body: Record<string, unknown>): string =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(body)
        .sort()
        .map((key) => [key, body[key]]),
    ),
  );
const sign = (body: Record<string, unknown>, secret = IPN_SECRET) =>
  createHmac('sha512', secret).update(sortedJson(body)).digest('hex');

const deliver = (body: Record<string, unknown>, signature = sign(body)) =>
  ctx.api.request('POST', '/api/payment/webhook/nowpayments', {
    headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
    payload: JSON.stringify(body),
  });

const ipn = (invoiceId: string, orderId: string, status: string, price = 25) => ({
  // Deliberately not in sorted order: the signature is over the sorted form.
  payment_status: status,
  payment_id: 5077125051,
  invoice_id: Number(invoiceId),
  pay_address: 'TXyz',
  price_amount: price,
  price_currency: 'usd',
  pay_amount: 25.02,
  actually_paid: status === 'finished' ? 25.02 : 0,
  pay_currency: 'usdttrc20',
  order_id: orderId,
  order_description: 'Balance top-up',
  outcome_amount: 24.9,
  outcome_currency: 'usdttrc20',
  updated_at: Date.now(),
});

describe('NOWPayments adapter (against a local stand-in)', () => {
  it('creates an invoice for crypto with the network currency and credits on a finished IPN', async () => {
    const user = await verifiedUser(ctx);
    const created = await createTopUp(ctx, user.token, {
      amount: 25,
      type: 3,
      network: 'USDT-TRC20',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json<{ url: string }>().url).toMatch(
      /^https:\/\/nowpayments\.test\/payment\/\?iid=\d+$/,
    );
    const sent = JSON.parse(standIn.requests.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({
      price_amount: 25,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
      ipn_callback_url: 'http://cabinet.test/api/payment/webhook/nowpayments',
    });
    const payment = await onlyPaymentOf(ctx.database.db, user.id);
    expect(payment).toMatchObject({
      provider: 'nowpayments',
      merchant_id: 3,
      network: 'USDT-TRC20',
    });
    const invoiceId = payment.provider_payment_id!;
    // NOWPayments gives the customer 7 days to send the funds; the invoice answers no expiry.
    const lifetime = (payment.expires_at?.getTime() ?? 0) - payment.created_at.getTime();
    expect(Math.abs(lifetime - 7 * 24 * 3_600_000)).toBeLessThan(1_000);

    const waiting = ipn(invoiceId, payment.id, 'waiting');
    expect((await deliver(waiting)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await onlyPaymentOf(ctx.database.db, user.id)).expires_at).toEqual(payment.expires_at);
    // Funds seen on the chain: NOWPayments no longer expires the payment, nor do we.
    const confirming = ipn(invoiceId, payment.id, 'confirming');
    expect((await deliver(confirming)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await onlyPaymentOf(ctx.database.db, user.id)).expires_at).toBeNull();
    const finished = ipn(invoiceId, payment.id, 'finished');
    expect((await deliver(finished, sign(finished, 'wrong-secret'))).statusCode).toBe(401);
    expect((await deliver({ ...finished, price_amount: 2500 }, sign(finished))).statusCode).toBe(
      401,
    );
    expect((await deliver(finished)).json()).toMatchObject({ outcome: 'credited' });
    expect((await deliver(finished)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(2500);
    // Card methods still go to the sandbox when Stripe has no keys.
    const card = await createTopUp(ctx, user.token, { amount: 25, type: 5 });
    expect(card.json<{ url: string }>().url).toContain('/api/payment/sandbox/');
  });

  it('answers 400 in the error shape to validly signed IPNs of the wrong shape', async () => {
    const user = await verifiedUser(ctx);
    await createTopUp(ctx, user.token, { amount: 30, type: 3, network: 'BTC' });
    const payment = await onlyPaymentOf(ctx.database.db, user.id);
    const finished = ipn(payment.provider_payment_id!, payment.id, 'finished', 30);
    const odd: unknown[] = [
      null,
      [],
      'finished',
      42,
      { ...finished, invoice_id: { id: 1 } },
      { ...finished, invoice_id: [1] },
      { ...finished, payment_status: 5 },
      { ...finished, payment_status: null },
      { ...finished, price_amount: { value: 30 } },
      { ...finished, price_currency: ['usd'] },
      { ...finished, invoice_id: `${payment.provider_payment_id}\u0000` },
    ];
    for (const body of odd) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/nowpayments',
        headers: {
          'content-type': 'application/json',
          'x-nowpayments-sig': signNowPaymentsIpn(IPN_SECRET, body),
        },
        payload: JSON.stringify(body),
      });
      const label = JSON.stringify(body);
      expect(response.statusCode, label).toBe(400);
      expect(apiErrorSchema.safeParse(response.json()).success, label).toBe(true);
      expect(response.json(), label).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(0);
    expect((await deliver(finished)).json()).toMatchObject({ outcome: 'credited' });
  });

  it('refuses a signed IPN whose price differs from the payment', async () => {
    const user = await verifiedUser(ctx);
    await createTopUp(ctx, user.token, { amount: 40, type: 3, network: 'BTC' });
    const payment = await onlyPaymentOf(ctx.database.db, user.id);
    const cheap = ipn(payment.provider_payment_id!, payment.id, 'finished', 4);
    expect((await deliver(cheap)).statusCode).toBe(409);
    const expired = ipn(payment.provider_payment_id!, payment.id, 'expired', 40);
    expect((await deliver(expired)).json()).toMatchObject({ outcome: 'expired' });
    expect((await onlyPaymentOf(ctx.database.db, user.id)).status).toBe(PAYMENT_STATUS.expired);
    expect(await countOfType(ctx, 'ledger_entries', user.id, 'payment_error')).toBe(0);
    expect((await balancesOf(ctx, user.id)).balance_cents).toBe(0);
  });
});
