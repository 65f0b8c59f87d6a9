import { bearer, type TestContext } from './helpers.ts';
import { sandboxWebhookBody, signSandboxPayload } from '../src/integrations/payments/sandbox.ts';
import { sandboxSecretOf } from '../src/modules/payments/payment-providers.ts';
import { checkLedger } from '../src/modules/ledger/ledger.service.ts';

/** Money-module test helpers: top-ups, sandbox webhooks, balances and ledger checks. */

export const createTopUp = (ctx: TestContext, token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/payment/create', headers: bearer(token), payload });

export const paymentRow = (ctx: TestContext, id: string) =>
  ctx.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The payment id in a checkout url (`.../sandbox/<id>?token=...`). */
export const paymentIdOf = (checkoutUrl: string) =>
  new URL(checkoutUrl).pathname.split('/').pop() ?? '';

/** How many rows of `table` belong to the user (of one `type` where given). */
const countOfUser = async (
  ctx: TestContext,
  table: 'payments' | 'ledger_entries' | 'notifications',
  userId: number,
  type?: string,
) => {
  const ofUser = ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  const rows = type === undefined ? ofUser : ofUser.where('type', '=', type);
  return Number((await rows.executeTakeFirstOrThrow()).n);
};

/** How many ledger entries or notifications of one `type` the user has. */
export const countOfType = (
  ctx: TestContext,
  table: 'ledger_entries' | 'notifications',
  userId: number,
  type: string,
) => countOfUser(ctx, table, userId, type);

/** How many payments the user has. */
export const paymentCount = (ctx: TestContext, userId: number) =>
  countOfUser(ctx, 'payments', userId);

/** Creates a sandbox payment and returns its row. */
export const sandboxPayment = async (ctx: TestContext, token: string, amount = 25, type = 5) => {
  const response = await createTopUp(ctx, token, { amount, type });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return paymentRow(ctx, paymentIdOf(response.json<{ url: string }>().url));
};

export const sandboxBody = (
  payment: { provider_payment_id: string | null; id: string; amount_cents: number },
  overrides: Record<string, unknown> = {},
) =>
  JSON.stringify({ ...sandboxWebhookBody({ ...payment, currency: 'USD' }, 'paid'), ...overrides });

/** Delivers a sandbox webhook signed as the sandbox signs (or with `secret` to forge). */
export const deliverSandbox = (
  ctx: TestContext,
  body: string,
  secret = sandboxSecretOf(ctx.config),
  t = Math.floor(Date.now() / 1000),
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signSandboxPayload(secret, body, t),
    },
    payload: body,
  });

export const balancesOf = async (ctx: TestContext, userId: number) =>
  ctx.database.db
    .selectFrom('users')
    .select(['balance_cents', 'referral_balance_cents'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

/** How many ledger entries the user has. */
export const countEntries = (ctx: TestContext, userId: number) =>
  countOfUser(ctx, 'ledger_entries', userId);

/** Ledger mismatches of these users only (other test files may run concurrently). */
export const ledgerMismatchesOf = async (ctx: TestContext, userIds: number[]) =>
  (await checkLedger(ctx.database.db)).filter((m) => userIds.includes(Number(m.user_id)));
