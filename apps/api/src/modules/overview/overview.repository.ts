import { sql } from 'kysely';
import { PACKAGE_ENTRY_TYPES } from '@proxy/contract';
import type { Db } from '@proxy/db';

/**
 * The overview's reads, each scoped to the owner by `user_id` (decision 185). Every query reads
 * an index led by user_id (packages_user_status_created_idx, ledger_entries_user_created_idx)
 * or the usage table's primary key (package_id, hour) for the owner's own packages.
 */

/** The owner's main balance and how many packages they have (deleted ones aside). */
export const findOwnerFigures = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select((eb) => [
      'balance_cents',
      eb
        .selectFrom('packages')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('packages.user_id', '=', 'users.id')
        .where('packages.deleted_at', 'is', null)
        .as('package_count'),
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

/** The owner's active packages with their period usage, soonest expiry first. */
export const findActivePackages = (db: Db, userId: number) =>
  db
    .selectFrom('packages')
    .select([
      'id',
      'type',
      'status',
      'package_key',
      'tariff',
      'period_days',
      'auto_update',
      'expires_at',
      'traffic_limit_bytes',
      sql<string>`coalesce(tariff ->> 'title', '')`.as('tariff_name'),
      sql<
        string | null
      >`to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'expires_at_iso',
      ),
      sql<number>`package_period_usage(packages.id)`.as('period_used_bytes'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .orderBy(sql`expires_at ASC NULLS LAST`)
    .orderBy('id')
    .execute();

/** Ledger types that pay for packages, and the refunds that give such money back. */
const SPEND_TYPES = [...PACKAGE_ENTRY_TYPES, 'refund'];

/** Cents the owner spent on packages since `from`: charges (negative) net of refunds. */
export const findSpendCents = async (db: Db, userId: number, from: Date) => {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(-sum(amount_cents), 0)::bigint`.as('spent'))
    .where('user_id', '=', userId)
    .where('account', '=', 'main')
    .where('created_at', '>=', from)
    .where('type', 'in', SPEND_TYPES)
    .executeTakeFirstOrThrow();
  return Number(row.spent);
};

/** Bytes per UTC day in [from, to) over every package of the owner (days with rows only). */
export const findOwnerDailyUsage = async (db: Db, userId: number, from: Date, to: Date) => {
  const rows = await db
    .selectFrom('package_usage_hourly as u')
    .innerJoin('packages as p', 'p.id', 'u.package_id')
    .select([
      sql<Date>`date_trunc('day', u.hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`.as('time'),
      sql<number>`sum(u.bytes_up)::bigint`.as('bytes_up'),
      sql<number>`sum(u.bytes_down)::bigint`.as('bytes_down'),
    ])
    .where('p.user_id', '=', userId)
    .where('u.hour', '>=', from)
    .where('u.hour', '<', to)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => ({
    time: new Date(row.time),
    bytes_up: Number(row.bytes_up),
    bytes_down: Number(row.bytes_down),
  }));
};
