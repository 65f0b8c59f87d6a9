import { existsSync, readFileSync } from 'node:fs';
import type { DbRoot } from '@proxy/db';
import { describeIssues, toExitRow } from '../exits/exits.definition.ts';
import {
  deleteDefaultExit,
  insertExits,
  lockExitsIfUnconfigured,
} from '../exits/exits.repository.ts';
import { inventoryFileSchema } from './inventory.definition.ts';
import { insertIspBlocks } from './isp-blocks.repository.ts';

/** An inventory file's exits and ISP blocks; an invalid file fails with every problem. */
export const readInventoryFile = (file: string) => {
  const parsed = inventoryFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}:\n${describeIssues(parsed.error)}`);
  return parsed.data;
};

export type SeedResult = { seeded: boolean; exits: string[]; ispBlocks: string[] };

/**
 * The first start's inventory (decision 154): while the database holds nothing an operator
 * added (no exit but the schema's default direct one, no ISP block), the file's exits and
 * blocks are inserted; a file with exits replaces the default one unless it names it.
 * Afterwards the inventory is the operator's, through the admin CLI, and the file is not read
 * again. Safe with several instances starting at once (the check and the inserts hold the exits
 * table's lock). Gateways pick new exits up at once (the exits' NOTIFY).
 */
export const seedInventory = async (
  db: DbRoot,
  file: string,
  dataKey: Buffer,
): Promise<SeedResult> => {
  const nothing: SeedResult = { seeded: false, exits: [], ispBlocks: [] };
  if (!existsSync(file)) return nothing;
  const inventory = readInventoryFile(file);
  const exitRows = inventory.exits.map((exit) => toExitRow(exit, dataKey));
  return db.transaction().execute(async (tx) => {
    if (!(await lockExitsIfUnconfigured(tx))) return nothing;
    const hasBlocks = await tx.selectFrom('isp_blocks').select('id').limit(1).executeTakeFirst();
    if (hasBlocks) return nothing;
    // A file's exits are what traffic may leave through: the default exit (the system's address,
    // in every pool) would carry untargeted traffic from an address the file does not sell.
    if (exitRows.length > 0 && !exitRows.some((exit) => exit.name === 'direct'))
      await deleteDefaultExit(tx);
    return {
      seeded: true,
      exits: await insertExits(tx, exitRows),
      ispBlocks: await insertIspBlocks(tx, inventory.isp_blocks),
    };
  });
};
