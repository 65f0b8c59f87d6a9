import { sql, type Transaction } from 'kysely';
import { countedTotal, findPage, NEWEST_FIRST, whereEquals } from '@proxy/db';
import type { PaymentStatus } from '@proxy/contract';
import type { Database, Db } from '@proxy/db';

export type NewPayment = {
  userId: number;
  provider: string;
  merchantId: number;
  systemName: string;
  type: number;
  paymentSystem: number | null;
  network: string | null;
  amountCents: number;
  language: string;
  /** The provider's default checkout lifetime: the payment expires that long after now. */
  lifetimeMs: number;
};

export const insertPayment = (db: Db, payment: NewPayment) =>
  db
    .insertInto('payments')
    .values({
      user_id: payment.userId,
      provider: payment.provider,
      merchant_id: payment.merchantId,
      system_name: payment.systemName,
      type: payment.type,
      payment_system: payment.paymentSystem,
      network: payment.network,
      amount_cents: payment.amountCents,
      language: payment.language,
      expires_at: sql<Date>`clock_timestamp() + ${payment.lifetimeMs} * interval '1 millisecond'`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** The provider's checkout of the payment; `expiresAt` when the provider named its expiry. */
export const attachCheckout = (
  db: Db,
  id: string,
  checkout: { providerPaymentId: string; checkoutUrl: string; expiresAt?: Date | undefined },
) =>
  db
    .updateTable('payments')
    .set({
      provider_payment_id: checkout.providerPaymentId,
      checkout_url: checkout.checkoutUrl,
      ...(checkout.expiresAt ? { expires_at: checkout.expiresAt } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();

export const findPaymentById = (db: Db, id: string) =>
  db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

export const findPaymentByProviderId = (db: Db, provider: string, providerPaymentId: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();

/**
 * The one transition that credits: only a payment not yet successful becomes successful, and
 * the row lock makes concurrent deliveries of one webhook wait here and then find nothing to
 * change. Error or expired -> success is allowed: the provider has the final word on money
 * received (a late delivery, a payment that settled after our checkout window; decision 155).
 */
export const markPaymentSucceeded = (tx: Transaction<Database>, id: string) =>
  tx
    .updateTable('payments')
    .set({ status: 1, credited_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '<>', 1)
    .returningAll()
    .executeTakeFirst();

/** Only a waiting payment can fail: success is final, a repeated error changes nothing. */
export const markPaymentFailed = (tx: Transaction<Database>, id: string) =>
  tx
    .updateTable('payments')
    .set({ status: 2, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 0)
    .returningAll()
    .executeTakeFirst();

/** Only a waiting payment can expire (the provider's notice or the sweep). */
export const markPaymentExpired = (db: Db, id: string) =>
  db
    .updateTable('payments')
    .set({ status: 3, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 0)
    .returningAll()
    .executeTakeFirst();

/**
 * A waiting payment the provider is settling no longer expires: only the provider's final
 * webhook ends it.
 */
export const keepPaymentOpen = (db: Db, id: string) =>
  db
    .updateTable('payments')
    .set({ expires_at: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 0)
    .execute();

/**
 * Expires up to `limit` waiting payments whose checkout lapsed by `now` (of `userIds` only when
 * given), soonest first from payments_waiting_expiry_idx. Rows another transaction holds (a
 * webhook crediting one, another sweep) are skipped, so each expires once; returns how many.
 */
export const expireLapsedPayments = async (
  db: Db,
  now: Date,
  limit: number,
  userIds?: readonly number[],
) => {
  const { rows } = await sql<{ id: string }>`
    UPDATE payments SET status = 3, updated_at = now()
    WHERE id IN (
      SELECT id FROM payments
      WHERE status = 0 AND expires_at <= ${now}
        ${userIds === undefined ? sql`` : sql`AND user_id = ANY(${[...userIds]}::bigint[])`}
      ORDER BY expires_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) AND status = 0
    RETURNING id`.execute(db);
  return rows.length;
};

export const logWebhookDelivery = (
  db: Db,
  delivery: {
    provider: string;
    providerPaymentId: string | null;
    paymentId: string | null;
    providerStatus: number | null;
    outcome: string;
    body: string;
  },
) =>
  db
    .insertInto('payment_webhook_deliveries')
    .values({
      provider: delivery.provider,
      provider_payment_id: delivery.providerPaymentId,
      payment_id: delivery.paymentId,
      provider_status: delivery.providerStatus,
      outcome: delivery.outcome,
      // Bounded: the log is an audit trail, not a store for arbitrary payloads.
      body: delivery.body.slice(0, 8000),
    })
    .execute();

const PAYMENT_SORT_COLUMNS = {
  created_at: 'created_at',
  status: 'status',
  system_name: 'system_name',
  merchant_id: 'merchant_id',
  amount: 'amount_cents',
} as const;

export type PaymentsPageQuery = {
  userId: number;
  page: number;
  perPage: number;
  sort: keyof typeof PAYMENT_SORT_COLUMNS;
  direction: 'asc' | 'desc';
  merchantId?: number | undefined;
  status?: PaymentStatus | undefined;
};

/**
 * One page of the owner's payments (of one merchant and one status when asked). The total
 * comes from the counts the payments trigger keeps in user_counts: a few rows, however many
 * payments (decision 087).
 */
export const findPaymentsPage = (db: Db, query: PaymentsPageQuery) => {
  const filters = { user_id: query.userId, merchant_id: query.merchantId, status: query.status };
  return findPage(
    whereEquals(db.selectFrom('payments'), filters),
    (q) =>
      q.select([
        'id',
        // The API's date format, made by PostgreSQL: parsing a Date per row and printing it
        // again cost more than the rest of a row (decision 087).
        sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
          'created_at_iso',
        ),
        'status',
        'merchant_id',
        'amount_cents',
        'currency',
        'system_name',
        'network',
        // The receipt of a successful payment (one at most: receipts.payment_id is unique), read
        // from that unique index for the page's rows only.
        (eb) =>
          eb
            .selectFrom('receipts')
            .select('receipts.id')
            .whereRef('receipts.payment_id', '=', 'payments.id')
            .as('receipt_id'),
      ]),
    // Ties (same status, same amount) keep a stable newest-first order across pages.
    { ...query, sortColumn: PAYMENT_SORT_COLUMNS[query.sort], tieBreakers: NEWEST_FIRST },
    countedTotal(db, 'payments', query.userId, [query.merchantId, query.status]),
  );
};
