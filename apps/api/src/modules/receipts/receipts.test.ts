import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimeUtc, formatReceiptNumber } from '@proxy/contract';
import { createMailer } from '../../integrations/mail/mailer.ts';
import { pdfText } from '../../../test/exports.ts';
import {
  createTestApp,
  useScratchDatabase,
  verifiedUser,
  waitFor,
  type Registered,
  type TestContext,
} from '../../../test/helpers.ts';
import { deliverSandbox, sandboxBody, sandboxPayment } from '../../../test/money.ts';
import { startSmtpStandIn, type ReceivedMail } from '../../../test/smtp-stand-in.ts';

// A database of the file's own: receipt numbers are counted from 1, which only holds where no
// other test file credits payments at the same time.
const own = useScratchDatabase('receipts', { migrate: true });
const ctx = {} as TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

const SELLER = {
  RECEIPT_COMPANY_NAME: 'Proxy Operator Ltd',
  RECEIPT_COMPANY_ADDRESS: '1 Harbour Street\\nLimassol 3036, Cyprus',
  RECEIPT_COMPANY_TAX_ID: 'CY10000000X',
};

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Cabinet <no-reply@proxy.local>',
    dataDir: tmpdir(),
    logger: { info: () => undefined, error: () => undefined },
  });
  Object.assign(
    ctx,
    await createTestApp({ DATABASE_URL: own.scratch.url, ...SELLER }, undefined, mailer),
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.database.db;

const receiptOfPayment = (paymentId: string) =>
  db().selectFrom('receipts').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

/** A sandbox top-up of `dollars` credited through its signed webhook: the payment and receipt. */
const creditedTopUp = async (user: Registered, dollars = 25) => {
  const payment = await sandboxPayment(ctx, user.token, dollars);
  const response = await deliverSandbox(ctx, sandboxBody(payment));
  expect(response.json()).toEqual({ received: true, outcome: 'credited' });
  const receipt = await receiptOfPayment(payment.id);
  if (!receipt) throw new Error('no receipt issued');
  return { payment, receipt };
};

const download = (token: string, id: string, language?: 'en' | 'ru') =>
  ctx.api.request('GET', `/api/profile/receipts/${id}`, {
    token,
    ...(language ? { language } : {}),
  });

const setBilling = async (user: Registered, fields: Record<string, unknown>) => {
  const response = await ctx.api.request('POST', '/api/profile', {
    token: user.token,
    payload: fields,
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** The PDF attached to a received mail (nodemailer writes attachments base64-encoded). */
const attachedPdf = (mail: ReceivedMail) => {
  const match = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
  return match?.[1] ? Buffer.from(match[1].replace(/\s+/g, ''), 'base64') : null;
};

/** The receipt mail of the receipt numbered `number`, once the mail worker sent it. */
const receiptMail = (number: string) =>
  waitFor(() => smtp.received.find((mail) => mail.raw.includes(`receipt-${number}.pdf`)));

// The first describe runs first (files run their tests in order): the numbers start at 1 here.
describe('receipt numbering', () => {
  it('twenty concurrent credits of distinct payments get the numbers 1..20; replays issue none', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => verifiedUser(ctx)));
    const payments = [];
    for (let index = 0; index < 20; index++)
      payments.push(await sandboxPayment(ctx, users[index % 4]?.token ?? '', 10 + index));

    const outcomes = await Promise.all(
      payments.map(async (payment) =>
        (await deliverSandbox(ctx, sandboxBody(payment))).json<unknown>(),
      ),
    );
    expect(outcomes).toEqual(payments.map(() => ({ received: true, outcome: 'credited' })));

    const receipts = await db().selectFrom('receipts').selectAll().orderBy('seq').execute();
    expect(receipts.map((receipt) => receipt.seq)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    for (const receipt of receipts)
      expect(receipt.number).toBe(formatReceiptNumber(receipt.year, receipt.seq));
    expect(new Set(receipts.map((receipt) => receipt.payment_id))).toEqual(
      new Set(payments.map((payment) => payment.id)),
    );
    // Each receipt states its own payment's amount and owner.
    for (const payment of payments)
      expect(receipts.find((receipt) => receipt.payment_id === payment.id)).toMatchObject({
        user_id: payment.user_id,
        amount_cents: payment.amount_cents,
        currency: 'USD',
        provider: 'sandbox',
        system_name: payment.system_name,
      });

    const replays = await Promise.all(
      payments
        .slice(0, 5)
        .flatMap((payment) => [payment, payment])
        .map(async (payment) => (await deliverSandbox(ctx, sandboxBody(payment))).json<unknown>()),
    );
    expect(replays).toEqual(
      Array.from({ length: 10 }, () => ({ received: true, outcome: 'duplicate' })),
    );
    const after = await db().selectFrom('receipts').select('seq').orderBy('seq').execute();
    expect(after.map((receipt) => receipt.seq)).toEqual(receipts.map((receipt) => receipt.seq));
    const counter = await db().selectFrom('receipt_counters').selectAll().execute();
    expect(counter).toEqual([{ year: receipts[0]?.year, last: 20 }]);
  });

  it('a credit that rolls back gives its number back: the next credit takes it', async () => {
    const user = await verifiedUser(ctx);
    const failing = await sandboxPayment(ctx, user.token, 30);
    // An injected failure after the number was taken: the receipt insert itself fails.
    await sql`CREATE FUNCTION receipts_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(db());
    await sql
      .raw(
        `CREATE TRIGGER receipts_test_refuse BEFORE INSERT ON receipts FOR EACH ROW
         WHEN (NEW.payment_id = '${failing.id}') EXECUTE FUNCTION receipts_test_refuse()`,
      )
      .execute(db());
    try {
      const refused = await deliverSandbox(ctx, sandboxBody(failing));
      expect(refused.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER receipts_test_refuse ON receipts`.execute(db());
      await sql`DROP FUNCTION receipts_test_refuse()`.execute(db());
    }
    expect(await receiptOfPayment(failing.id)).toBeUndefined();
    const { rows } = await sql<{ status: number }>`
      SELECT status FROM payments WHERE id = ${failing.id}`.execute(db());
    expect(rows[0]?.status).toBe(0);

    const next = await creditedTopUp(user);
    expect(next.receipt.seq).toBe(21);
    // The provider's retry of the refused delivery now credits, with the number after it.
    const retried = await deliverSandbox(ctx, sandboxBody(failing));
    expect(retried.json()).toEqual({ received: true, outcome: 'credited' });
    expect((await receiptOfPayment(failing.id))?.seq).toBe(22);
  });
});

describe('GET /profile/receipts/:id', () => {
  it('the PDF in Russian holds the seller, the billing name and address, the number, amount, method and payment', async () => {
    const user = await verifiedUser(ctx);
    await setBilling(user, {
      billing_name: 'ООО «Ромашка»',
      billing_address: 'ул. Ленина, 1\nМосква, 101000',
    });
    const { payment, receipt } = await creditedTopUp(user, 25);

    const response = await download(user.token, receipt.id, 'ru');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receipt.number}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      `Чек ${receipt.number}`,
      'Продавец',
      'Proxy Operator Ltd',
      '1 Harbour Street',
      'Limassol 3036, Cyprus',
      'ИНН: CY10000000X',
      'Покупатель',
      'ООО «Ромашка»',
      'ул. Ленина, 1',
      'Москва, 101000',
      user.email,
      'Номер чека',
      'Способ оплаты',
      payment.system_name,
      'Sandbox',
      payment.id,
      'USD',
      '25,00 $',
      formatDateTimeUtc(receipt.issued_at.toISOString(), 'ru'),
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('Receipt');
  });

  it('in English by the request language; without a billing name the account name stands', async () => {
    const user = await verifiedUser(ctx, { name: 'Plain Customer' });
    const { receipt } = await creditedTopUp(user, 12.5);
    const text = await pdfText((await download(user.token, receipt.id, 'en')).rawPayload);
    for (const expected of [
      `Receipt ${receipt.number}`,
      'Billed to',
      'Plain Customer',
      'Tax ID: CY10000000X',
      'Amount paid',
      '$12.50',
    ])
      expect(text, expected).toContain(expected);
  });

  it("answers 404 for another user's receipt and for an id that is none, 401 without a session", async () => {
    const owner = await verifiedUser(ctx);
    const other = await verifiedUser(ctx);
    const { receipt } = await creditedTopUp(owner);
    expect((await download(other.token, receipt.id)).statusCode).toBe(404);
    expect((await download(other.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await download(other.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ url: `/api/profile/receipts/${receipt.id}` })).statusCode).toBe(
      401,
    );
    expect((await download(owner.token, receipt.id)).statusCode).toBe(200);
  });

  it('the payments table names the receipt of a successful payment only', async () => {
    const user = await verifiedUser(ctx);
    const waiting = await sandboxPayment(ctx, user.token, 40);
    const { payment, receipt } = await creditedTopUp(user, 20);
    const response = await ctx.api.request('GET', '/api/profile/payments', { token: user.token });
    expect(response.statusCode).toBe(200);
    const rows = response.json<{ data: { id: string; receipt_id: string | null }[] }>().data;
    expect(rows.find((row) => row.id === payment.id)?.receipt_id).toBe(receipt.id);
    expect(rows.find((row) => row.id === waiting.id)?.receipt_id).toBeNull();
  });
});

describe('the receipt mail', () => {
  it('reaches the customer over SMTP in their language with the receipt PDF attached', async () => {
    const user = await verifiedUser(ctx, { locale: 'ru' });
    await setBilling(user, { billing_name: 'Иван Петров' });
    const { receipt } = await creditedTopUp(user, 15);
    const mail = await receiptMail(receipt.number);
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    const pdf = attachedPdf(mail);
    if (!pdf) throw new Error('no PDF attached');
    const text = await pdfText(pdf);
    expect(text).toContain(`Чек ${receipt.number}`);
    expect(text).toContain('Иван Петров');
    expect(text).toContain('15,00 $');
  });

  it('is sent once for a payment whose webhook is replayed', async () => {
    const user = await verifiedUser(ctx);
    const { payment, receipt } = await creditedTopUp(user, 11);
    expect((await deliverSandbox(ctx, sandboxBody(payment))).json()).toMatchObject({
      outcome: 'duplicate',
    });
    await receiptMail(receipt.number);
    // Every mail queued so far has been sent once the queue holds nothing waiting.
    const jobs = sql.table(`${ctx.config.JOBS_SCHEMA}.job`);
    await waitFor(async () => {
      const { rows } = await sql<{ pending: number }>`
        SELECT count(*)::int AS pending FROM ${jobs}
        WHERE state IN ('created', 'retry', 'active')
          AND data->>'kind' = 'receipt' AND data->>'paymentId' = ${payment.id}`.execute(db());
      return rows[0]?.pending === 0 ? true : undefined;
    });
    const sent = smtp.received.filter((mail) => mail.raw.includes(`receipt-${receipt.number}.pdf`));
    expect(sent).toHaveLength(1);
  });
});
