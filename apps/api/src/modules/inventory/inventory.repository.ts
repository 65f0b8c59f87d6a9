import { sql, type ExpressionBuilder } from 'kysely';
import { EXIT_HEALTH_FRESH_SECONDS, type ExitPool } from '@proxy/contract';
import type { Database, Db } from '@proxy/db';

/**
 * An exit that serves `pool` now (decision 154): active, in the pool, and not called down by a
 * fresh check of any gateway instance. An exit nobody has checked yet counts as serving.
 */
const isServing = (eb: ExpressionBuilder<Database, 'gateway_exits'>, pool: ExitPool) =>
  eb.and([
    eb('gateway_exits.is_active', '=', true),
    sql<boolean>`${pool} = any(gateway_exits.serves)`,
    eb.not(
      eb.exists(
        eb
          .selectFrom('gateway_exit_health as h')
          .select('h.exit_id')
          .whereRef('h.exit_id', '=', 'gateway_exits.id')
          .where('h.is_up', '=', false)
          .where(
            sql<boolean>`h.checked_at > now() - make_interval(secs => ${EXIT_HEALTH_FRESH_SECONDS})`,
          ),
      ),
    ),
  ]);

/** The places the serving exits of a pool declare (only exits with a country can be targeted). */
export const findServedPlaces = (db: Db, pool: ExitPool) =>
  db
    .selectFrom('gateway_exits')
    .select(['country', 'region', 'city', 'isp'])
    .where((eb) => isServing(eb, pool))
    .where('country', 'is not', null)
    .distinct()
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        country: row.country as string,
        region: row.region,
        city: row.city,
        isp: row.isp,
      })),
    );

export type ServedPlace = Awaited<ReturnType<typeof findServedPlaces>>[number];

/** Whether any exit serves the pool now (targeted or not): its traffic packages can be sold. */
export const isPoolServed = async (db: Db, pool: ExitPool) =>
  (await db
    .selectFrom('gateway_exits')
    .select('id')
    .where((eb) => isServing(eb, pool))
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** The statuses of an unlimited package whose speed its location keeps for it. */
const HOLDS_SPEED = ['active', 'pending', 'processing'] as const;

/**
 * Unlimited locations with what their inventory can carry: serving exits of the `unlim` pool
 * in the location's country (and city, when it names one), their bandwidth, the largest one's,
 * and the speeds already sold there (live packages; `exceptPackageId` leaves one out, for an
 * upgrade that replaces its own speed). A purchase locks the location first (lockUnlimLocation),
 * so the speeds it sums here include every purchase that went before it.
 */
export const findUnlimCapacity = (
  db: Db,
  options: { id?: number; exceptPackageId?: number } = {},
) => {
  let query = db
    .selectFrom('unlim_locations as l')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('gateway_exits')
          .select([
            sql<number>`count(*)::int`.as('servers'),
            sql<number>`coalesce(sum(capacity_mbps), 0)::int`.as('capacity_mbps'),
            sql<number>`coalesce(max(capacity_mbps), 0)::int`.as('largest_mbps'),
          ])
          .where((inner) => isServing(inner, 'unlim'))
          .whereRef('gateway_exits.country', '=', 'l.iso2')
          .where(sql<boolean>`(l.city IS NULL OR gateway_exits.city = l.city)`)
          .as('exits'),
      (join) => join.onTrue(),
    )
    .selectAll('l')
    .select(['exits.servers', 'exits.capacity_mbps', 'exits.largest_mbps'])
    .select((eb) =>
      eb
        .selectFrom('packages as p')
        .select(sql<number>`coalesce(sum(p.speed_limit), 0)::int`.as('n'))
        .whereRef('p.location_id', '=', 'l.id')
        .where('p.type', '=', 'unlim')
        .where('p.deleted_at', 'is', null)
        .where('p.status', 'in', HOLDS_SPEED)
        .where('p.id', '!=', options.exceptPackageId ?? 0)
        .as('sold_mbps'),
    )
    .where('l.is_active', '=', true)
    .orderBy('l.sort')
    .orderBy('l.id');
  if (options.id !== undefined) query = query.where('l.id', '=', options.id);
  return query.execute();
};

export type UnlimCapacityRow = Awaited<ReturnType<typeof findUnlimCapacity>>[number];

/**
 * Locks an active unlimited location for the caller's transaction: its buyers and upgraders
 * take turns, each reading the speeds sold before it (a separate statement after the lock sees
 * what the previous holder committed). False when there is no such location.
 */
export const lockUnlimLocation = async (db: Db, id: number) =>
  (await db
    .selectFrom('unlim_locations')
    .select('id')
    .where('id', '=', id)
    .where('is_active', '=', true)
    .forUpdate()
    .executeTakeFirst()) !== undefined;
