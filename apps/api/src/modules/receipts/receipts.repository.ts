import { sql, type Transaction } from 'kysely';
import { formatReceiptNumber } from '@proxy/contract';
import type { Database, Db } from '@proxy/db';

/** What a receipt copies from its payment when it is issued. */
export type ReceiptPayment = {
  id: string;
  user_id: number;
  amount_cents: number;
  currency: string;
  provider: string;
  system_name: string;
};

/**
 * Issues the payment's receipt with the next number of the current year (UTC), inside the
 * crediting transaction (decision 183). The counter row is raised first and stays locked until
 * that transaction ends: a concurrent credit waits here for the number before its own, and a
 * credit that rolls back takes its number back with it, so the numbers of a year are 1, 2, 3 ...
 * with no gap. Called last in the transaction, so the lock is held only for the commit.
 */
export const insertReceipt = async (tx: Transaction<Database>, payment: ReceiptPayment) => {
  const { rows } = await sql<{ year: number; last: number }>`
    INSERT INTO receipt_counters (year, last)
    VALUES (extract(year FROM now() AT TIME ZONE 'UTC')::integer, 1)
    ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING year, last`.execute(tx);
  const counter = rows[0];
  if (!counter) throw new Error('receipt counter returned no row');
  return tx
    .insertInto('receipts')
    .values({
      payment_id: payment.id,
      user_id: payment.user_id,
      year: counter.year,
      seq: counter.last,
      number: formatReceiptNumber(counter.year, counter.last),
      amount_cents: payment.amount_cents,
      currency: payment.currency,
      provider: payment.provider,
      system_name: payment.system_name,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
};

const receiptWithBuyer = (db: Db) =>
  db
    .selectFrom('receipts')
    .innerJoin('users', 'users.id', 'receipts.user_id')
    .selectAll('receipts')
    .select([
      'users.email',
      'users.name',
      'users.locale',
      'users.billing_name',
      'users.billing_address',
    ]);

/** The owner's receipt (none for another user's id): what its PDF prints. */
export const findOwnReceipt = (db: Db, userId: number, id: string) =>
  receiptWithBuyer(db)
    .where('receipts.id', '=', id)
    .where('receipts.user_id', '=', userId)
    .executeTakeFirst();

/** The receipt of a payment, for the mail that sends it. */
export const findReceiptOfPayment = (db: Db, paymentId: string) =>
  receiptWithBuyer(db).where('receipts.payment_id', '=', paymentId).executeTakeFirst();

export type ReceiptWithBuyer = NonNullable<Awaited<ReturnType<typeof findOwnReceipt>>>;
