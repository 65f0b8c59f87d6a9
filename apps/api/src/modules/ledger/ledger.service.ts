import type { Transaction } from 'kysely';
import { isErrorEntryType } from '@proxy/contract';
import type { Database, Db, LedgerAccount } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeBalance, findLedgerMismatches, insertLedgerEntry } from './ledger.repository.ts';

export type LedgerPosting = {
  userId: number;
  account: LedgerAccount;
  /** A LedgerEntryType of the contract (or its `_error` variant). */
  type: string;
  /** Signed cents: positive credits, negative debits. */
  amountCents: number;
  refType?: string;
  refId?: string | number;
  comment?: string;
};

export type PostedEntry = { entryId: number; balanceAfterCents: number; createdAt: Date };

/**
 * THE way money moves. Must run inside the caller's database transaction, so the balance
 * change, the entry and whatever caused them (a package, a payment) commit or roll back
 * together. A debit that would take the balance below zero throws INSUFFICIENT_FUNDS and
 * changes nothing.
 */
export const postLedgerEntry = async (
  tx: Transaction<Database>,
  posting: LedgerPosting,
): Promise<PostedEntry> => {
  if (!Number.isSafeInteger(posting.amountCents))
    throw new Error('Ledger amounts are integer cents');
  if (posting.amountCents === 0 && !isErrorEntryType(posting.type)) {
    throw new Error('Only a failure (_error) entry may have a zero amount');
  }
  // A zero amount (recorded failure) still locks the row and reads the current balance.
  const balanceAfter = await changeBalance(
    tx,
    posting.userId,
    posting.account,
    posting.amountCents,
  );
  if (balanceAfter === null) throw new AppError('INSUFFICIENT_FUNDS');
  const entry = await insertLedgerEntry(tx, {
    userId: posting.userId,
    account: posting.account,
    type: posting.type,
    amountCents: posting.amountCents,
    balanceAfterCents: balanceAfter,
    refType: posting.refType ?? null,
    refId: posting.refId === undefined ? null : String(posting.refId),
    comment: posting.comment ?? null,
  });
  return { entryId: entry.id, balanceAfterCents: balanceAfter, createdAt: entry.created_at };
};

/** Records a failed operation (type `<kind>_error`) without moving money. */
export const postLedgerFailure = (
  tx: Transaction<Database>,
  posting: Omit<LedgerPosting, 'amountCents'>,
) =>
  postLedgerEntry(tx, {
    ...posting,
    type: isErrorEntryType(posting.type) ? posting.type : `${posting.type}_error`,
    amountCents: 0,
  });

/** Verifies balance = sum(entries) for every user and account (or only the given users). */
export const checkLedger = (db: Db, userIds?: number[]) => findLedgerMismatches(db, userIds);
