import { sql } from 'kysely';
import type { Db } from '@proxy/db';
import type { IspBlockDefinition } from './inventory.definition.ts';

/** Every block with its addresses counted: all, free, held by packages. */
export const findIspBlocks = (db: Db) =>
  db
    .selectFrom('isp_blocks as b')
    .select([
      'b.id',
      sql<string>`b.cidr::text`.as('cidr'),
      'b.country',
      'b.isp',
      'b.is_active',
      sql<number>`(SELECT count(*)::int FROM isp_addresses a WHERE a.block_id = b.id)`.as('total'),
      sql<number>`(SELECT count(*)::int FROM isp_addresses a
        WHERE a.block_id = b.id AND a.package_id IS NULL)`.as('free'),
    ])
    .orderBy('b.country')
    .orderBy('b.cidr')
    .execute();

/**
 * Inserts the blocks whose CIDR is new, each with one row per usable address (the schema's
 * isp_block_hosts). Returns the CIDRs inserted. A block that
 * overlaps another is refused by the table's exclusion constraint (23P01).
 */
export const insertIspBlocks = async (db: Db, blocks: readonly IspBlockDefinition[]) => {
  const inserted: string[] = [];
  for (const block of blocks) {
    const row = await db
      .insertInto('isp_blocks')
      .values({
        // The network address of whatever host address was written.
        cidr: sql<string>`network(${block.cidr}::inet)`,
        country: block.country,
        isp: block.isp ?? null,
        is_active: block.enabled,
      })
      .onConflict((conflict) => conflict.column('cidr').doNothing())
      .returning(['id', sql<string>`cidr::text`.as('cidr')])
      .executeTakeFirst();
    if (!row) continue;
    await sql`
      INSERT INTO isp_addresses (ip, block_id)
      SELECT isp_block_hosts(cidr), id FROM isp_blocks WHERE id = ${row.id}`.execute(db);
    inserted.push(row.cidr);
  }
  return inserted;
};

/** The block written as `cidr` (any host address inside it names it too). */
const blockIs = (cidr: string) => sql<boolean>`cidr = network(${cidr}::inet)`;

export const setIspBlockActive = async (db: Db, cidr: string, isActive: boolean) =>
  (
    await db
      .updateTable('isp_blocks')
      .set({ is_active: isActive })
      .where(blockIs(cidr))
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/**
 * Removes a block none of whose addresses a package holds; `held` when some are (disable it to
 * stop selling it, and remove it when its packages are gone).
 */
export const deleteIspBlock = async (db: Db, cidr: string): Promise<'removed' | 'held' | 'none'> =>
  db.transaction().execute(async (tx) => {
    const block = await tx
      .selectFrom('isp_blocks')
      .select('id')
      .where(blockIs(cidr))
      .forUpdate()
      .executeTakeFirst();
    if (!block) return 'none';
    // Locking every address waits out a purchase holding some; one that comes later finds
    // them gone.
    const addresses = await tx
      .selectFrom('isp_addresses')
      .select('package_id')
      .where('block_id', '=', block.id)
      .forUpdate()
      .execute();
    if (addresses.some((address) => address.package_id !== null)) return 'held';
    await tx.deleteFrom('isp_blocks').where('id', '=', block.id).execute();
    return 'removed';
  });
