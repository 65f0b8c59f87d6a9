import { sql, type RawBuilder, type Transaction } from 'kysely';
import { formatDollars, isErrorEntryType, toDollars } from '@proxy/contract';
import type { Database, Db, LedgerAccount } from '@proxy/db';
import { AppError, isAppError } from '../../lib/app-error.ts';
import {
  changeBalance,
  changeBalanceSql,
  findBalance,
  findLedgerMismatches,
  insertLedgerEntry,
  insertLedgerEntrySql,
} from './ledger.repository.ts';

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

/**
 * The refusal of a payment of `priceCents` the main balance cannot cover: BALANCE_SHORT naming
 * the missing amount (at least one cent).
 */
export const balanceShortError = async (db: Db, userId: number, priceCents: number) => {
  const balance = (await findBalance(db, userId, 'main')) ?? 0;
  return new AppError('BALANCE_SHORT', {
    params: { missing: formatDollars(toDollars(Math.max(1, priceCents - balance))) },
  });
};

/**
 * Takes `amountCents` for a package from the main balance (one entry of `type`, ref the
 * package). False when the balance is short, and then nothing moved.
 */
export const chargeForPackage = async (
  tx: Transaction<Database>,
  charge: { userId: number; packageId: number; type: string; amountCents: number; comment: string },
): Promise<boolean> => {
  if (charge.amountCents <= 0) return true;
  try {
    await postLedgerEntry(tx, {
      userId: charge.userId,
      account: 'main',
      type: charge.type,
      amountCents: -charge.amountCents,
      refType: 'package',
      refId: charge.packageId,
      comment: charge.comment,
    });
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS') return false;
    throw error;
  }
};

/**
 * postLedgerEntry for a debit that is one part of a larger statement (a purchase writes its
 * package, money, notification and jobs in one round trip, decision 086). Same rules: integer
 * cents, never below zero. `change` is the body of a CTE that must be named `changedAs`; it
 * moves the money only while `guard` holds, and returns no row when it did not. `entry(refId)`
 * is the body of a later CTE recording it, `refId` read from the statement (a new row's id).
 */
export const ledgerDebitSql = (
  posting: Omit<LedgerPosting, 'refId'>,
  changedAs: string,
  guard: RawBuilder<boolean> = sql<boolean>`true`,
) => {
  if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents >= 0)
    throw new Error('A debit is a negative integer amount of cents');
  return {
    change: changeBalanceSql(posting.userId, posting.account, posting.amountCents, guard),
    entry: (refId: RawBuilder<string>) => insertLedgerEntrySql(posting, changedAs, refId),
  };
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
