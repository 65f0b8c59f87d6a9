import type { PAYMENT_SORT_FIELDS } from '@proxy/contract';
import {
  CRYPTO_NETWORKS,
  PAYMENT_STATUS,
  MERCHANTS,
  findPaymentMethod,
  formatDollars,
  systemNameOf,
  toDollars,
  type Language,
  type TopUpCommand,
} from '@proxy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DbRoot, User } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { zodToFieldKeys } from '../../plugins/error-handler.ts';
import {
  WebhookPayloadError,
  WebhookSignatureError,
  type PaymentProvider,
  type WebhookHeaders,
} from '../../integrations/payments/payment-provider.ts';
import { postLedgerEntry, postLedgerFailure } from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { payReferralReward } from '../referral/referral-reward.ts';
import { issueReceipt } from '../receipts/receipts.service.ts';
import { pageAnswer, pageOf, pickFilter, type ListQuery } from '../../lib/list-query.ts';

import {
  attachCheckout,
  findPaymentByProviderId,
  findPaymentsPage,
  insertPayment,
  keepPaymentOpen,
  logWebhookDelivery,
  markPaymentExpired,
  markPaymentFailed,
  markPaymentSucceeded,
} from './payments.repository.ts';
import type { PaymentProviders } from './payment-providers.ts';

export const listNetworks = () => ({ networks: [...CRYPTO_NETWORKS] });

export type PaymentUrls = {
  successUrl: string;
  failUrl: string;
  webhookUrl: (provider: string) => string;
};

/**
 * Records the payment as waiting, then asks the provider for a checkout. The provider call is
 * outside any transaction (it may take seconds); a failure marks the payment as error.
 */
export const createPayment = async (
  db: DbRoot,
  providers: PaymentProviders,
  user: User,
  command: TopUpCommand,
  language: Language,
  urls: PaymentUrls,
  log: FastifyBaseLogger,
) => {
  const method = findPaymentMethod(command.type, command.paymentSystem);
  if (!method)
    throw new AppError('VALIDATION_FAILED', { errors: { type: ['top-up:errors.method'] } });
  const provider = providers.forMethod(method.type);
  if (!provider) throw new AppError('PAYMENT_PROVIDER_FAILED');
  const payment = await insertPayment(db, {
    userId: user.id,
    provider: provider.name,
    merchantId: provider.merchantId,
    systemName: systemNameOf(method, command.network),
    type: command.type,
    paymentSystem: command.paymentSystem,
    network: command.network,
    amountCents: command.amountCents,
    language,
    lifetimeMs: provider.checkoutLifetimeMs,
  });
  try {
    const session = await provider.createPayment({
      paymentId: payment.id,
      userId: user.id,
      amountCents: payment.amount_cents,
      currency: 'USD',
      systemName: payment.system_name,
      network: payment.network,
      language,
      successUrl: urls.successUrl,
      failUrl: urls.failUrl,
      webhookUrl: urls.webhookUrl(provider.name),
    });
    await attachCheckout(db, payment.id, session);
    return { id: payment.id, url: session.checkoutUrl };
  } catch (error) {
    log.error(
      { err: error, paymentId: payment.id, provider: provider.name },
      'payment creation failed',
    );
    await db.transaction().execute((tx) => markPaymentFailed(tx, payment.id));
    throw new AppError('PAYMENT_PROVIDER_FAILED', { cause: error });
  }
};

export type WebhookOutcome =
  | 'credited'
  | 'duplicate'
  | 'failed'
  | 'expired'
  | 'ignored'
  | 'amount_mismatch'
  | 'unknown_payment';

/**
 * Handles one webhook delivery: verify, find the payment, check the amount, then move the
 * status with a conditional UPDATE in the same transaction as the ledger entry and the receipt,
 * so a replayed or concurrent delivery credits and issues a receipt exactly once (decisions 040,
 * 183), an expired payment included (decision 155).
 */
export const handleWebhook = async (
  db: DbRoot,
  provider: PaymentProvider,
  rawBody: Buffer,
  headers: WebhookHeaders,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> => {
  let event;
  try {
    event = provider.verifyAndParseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log.warn({ provider: provider.name, reason: error.message }, 'webhook refused: signature');
      throw new AppError('UNAUTHENTICATED');
    }
    // Signed by the provider, but not the payload its contract schema describes: 400, so the
    // provider's delivery log shows the refusal (decision 084).
    if (error instanceof WebhookPayloadError) {
      log.warn({ provider: provider.name, issues: error.issues }, 'webhook refused: payload');
      throw new AppError('BAD_REQUEST', {
        errors: zodToFieldKeys({ name: 'ZodError', issues: error.issues }),
        cause: error,
      });
    }
    throw error;
  }
  const body = rawBody.toString('utf8');
  const record = (outcome: WebhookOutcome, paymentId: string | null) =>
    logWebhookDelivery(db, {
      provider: provider.name,
      providerPaymentId: event?.providerPaymentId ?? null,
      paymentId,
      providerStatus: event?.status ?? null,
      outcome,
      body,
    });
  if (!event) {
    await record('ignored', null);
    return 'ignored';
  }
  const payment = await findPaymentByProviderId(db, provider.name, event.providerPaymentId);
  if (!payment) {
    log.warn(
      { provider: provider.name, providerPaymentId: event.providerPaymentId },
      'webhook for an unknown payment',
    );
    await record('unknown_payment', null);
    throw new AppError('NOT_FOUND');
  }
  if (event.status === PAYMENT_STATUS.waiting) {
    if (event.isSettling) await keepPaymentOpen(db, payment.id);
    await record('ignored', payment.id);
    return 'ignored';
  }
  // The checkout closed unpaid: nothing was attempted, so no ledger line (unlike a failure).
  if (event.status === PAYMENT_STATUS.expired) {
    const expired = (await markPaymentExpired(db, payment.id)) !== undefined;
    await record(expired ? 'expired' : 'ignored', payment.id);
    return expired ? 'expired' : 'ignored';
  }
  if (event.status === PAYMENT_STATUS.error) {
    const failed = await db.transaction().execute(async (tx) => {
      const row = await markPaymentFailed(tx, payment.id);
      if (row)
        await postLedgerFailure(tx, {
          userId: row.user_id,
          account: 'main',
          type: 'payment',
          refType: 'payment',
          refId: row.id,
          comment: `Top-up ${row.system_name} failed`,
        });
      return row !== undefined;
    });
    await record(failed ? 'failed' : 'ignored', payment.id);
    return failed ? 'failed' : 'ignored';
  }
  if (event.amountCents !== payment.amount_cents || (event.currency ?? '') !== payment.currency) {
    log.error(
      {
        paymentId: payment.id,
        expected: { amount: payment.amount_cents, currency: payment.currency },
        got: { amount: event.amountCents, currency: event.currency },
      },
      'webhook refused: amount or currency differs from the payment',
    );
    await record('amount_mismatch', payment.id);
    throw new AppError('CONFLICT');
  }
  const credited = await db.transaction().execute(async (tx) => {
    const row = await markPaymentSucceeded(tx, payment.id);
    if (!row) return false;
    await postLedgerEntry(tx, {
      userId: row.user_id,
      account: 'main',
      type: 'payment',
      amountCents: row.amount_cents,
      refType: 'payment',
      refId: row.id,
      comment: `Top-up ${row.system_name}`,
    });
    await notify(tx, row.user_id, NOTIFICATION_TYPES.topUp, {
      amount: formatDollars(toDollars(row.amount_cents)),
      method: row.system_name,
    });
    await payReferralReward(tx, row);
    // Last: the receipt's number is taken at the end, so the numbering lock waits only for the
    // commit (decision 183).
    await issueReceipt(tx, row);
    return true;
  });
  await record(credited ? 'credited' : 'duplicate', payment.id);
  return credited ? 'credited' : 'duplicate';
};

const MERCHANT_IDS = Object.values(MERCHANTS);
const STATUSES = Object.values(PAYMENT_STATUS);

export const listPayments = async (
  db: DbRoot,
  userId: number,
  query: ListQuery<(typeof PAYMENT_SORT_FIELDS)[number]>,
) => {
  const page = await findPaymentsPage(db, {
    userId,
    ...pageOf(query),
    merchantId: pickFilter(query.filters, 'merchant', MERCHANT_IDS),
    status: pickFilter(query.filters, 'status', STATUSES),
  });
  return pageAnswer(query, page, (row) => ({
    id: row.id,
    created_at: row.created_at_iso,
    // The column's CHECK keeps it to 0, 1, 2, 3 (payments.status); the serializer re-checks.
    status: row.status,
    merchant: row.merchant_id,
    merchant_id: row.merchant_id,
    system_name: row.system_name,
    network: row.network,
    amount: toDollars(row.amount_cents),
    currency: row.currency,
    receipt_id: row.receipt_id,
  }));
};
