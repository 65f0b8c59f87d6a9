import { sql, type Insertable } from 'kysely';
import { EXIT_HEALTH_FRESH_SECONDS } from '@proxy/contract';
import type { Db, GatewayExits } from '@proxy/db';

export type NewExit = Insertable<GatewayExits>;

/** Every exit, for the operator (the password stays sealed and is never printed). */
export const findExits = (db: Db) =>
  db
    .selectFrom('gateway_exits')
    .select([
      'id',
      'name',
      'kind',
      'country',
      'city',
      'region',
      'isp',
      'local_address',
      'upstream_host',
      'upstream_port',
      'username_template',
      'serves',
      'capacity_mbps',
      'is_active',
    ])
    .orderBy('id')
    .execute();

/**
 * Each gateway instance's last check of each exit, while fresh (EXIT_HEALTH_FRESH_SECONDS: a
 * crashed instance's rows are ignored), with the check's age in whole seconds.
 */
export const findFreshExitHealth = (db: Db) =>
  db
    .selectFrom('gateway_exit_health')
    .select([
      'exit_id',
      'instance_id',
      'is_up',
      'failures',
      'last_error',
      'latency_ms',
      sql<number>`floor(extract(epoch FROM now() - checked_at))::int`.as('age_seconds'),
    ])
    .where(
      'checked_at',
      '>',
      sql<Date>`now() - make_interval(secs => ${EXIT_HEALTH_FRESH_SECONDS})`,
    )
    .orderBy('exit_id')
    .orderBy('instance_id')
    .execute();

/** Inserts exits whose names are new; returns the names inserted. */
export const insertExits = async (db: Db, rows: NewExit[]) =>
  rows.length === 0
    ? []
    : (
        await db
          .insertInto('gateway_exits')
          .values(rows)
          .onConflict((conflict) => conflict.column('name').doNothing())
          .returning('name')
          .execute()
      ).map((row) => row.name);

export const deleteExit = async (db: Db, name: string) =>
  (await db.deleteFrom('gateway_exits').where('name', '=', name).executeTakeFirst())
    .numDeletedRows > 0n;

export const setExitActive = async (db: Db, name: string, isActive: boolean) =>
  (
    await db
      .updateTable('gateway_exits')
      .set({ is_active: isActive, updated_at: sql<Date>`now()` })
      .where('name', '=', name)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/**
 * Whether the table holds nothing an operator added: no row, or only the schema's default
 * direct exit. Locks the table against a concurrent seed (another instance starting) until the
 * transaction ends.
 */
export const lockExitsIfUnconfigured = async (tx: Db) => {
  await sql`LOCK TABLE gateway_exits IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
  const configured = await tx
    .selectFrom('gateway_exits')
    .select('id')
    .where(sql<boolean>`NOT ${isDefaultExit}`)
    .limit(1)
    .executeTakeFirst();
  return configured === undefined;
};

/** The schema's default exit: `direct` from the system's address, declaring no place. */
const isDefaultExit = sql<boolean>`(name = 'direct' AND kind = 'direct'
  AND local_address IS NULL AND country IS NULL)`;

/** Removes the schema's default exit (an inventory file that does not name it replaces it). */
export const deleteDefaultExit = async (tx: Db) => {
  await tx.deleteFrom('gateway_exits').where(isDefaultExit).execute();
};
