import { existsSync, readFileSync } from 'node:fs';
import type { DbRoot } from '@proxy/db';
import { describeIssues, exitsFileSchema, toExitRow } from './exits.definition.ts';
import { insertExits, lockExitsIfUnconfigured } from './exits.repository.ts';

/** The exits of a seed file (GATEWAY_EXITS_FILE); an invalid file fails with every problem. */
export const readExitsFile = (file: string) => {
  const parsed = exitsFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}:\n${describeIssues(parsed.error)}`);
  return parsed.data.exits;
};

/**
 * The first start's exits (decision 099): while the table holds nothing an operator added (no
 * row, or only the schema's default direct exit), the file's exits are inserted (names
 * already there are kept as they are). Afterwards the table is the operator's, through the
 * admin CLI, and the file is not read again. A missing file changes nothing. Safe with several
 * instances starting at once (the check and the insert hold a table lock). The gateway picks the
 * new exits up at once (the exits' NOTIFY).
 */
export const seedExits = async (db: DbRoot, file: string, dataKey: Buffer) => {
  if (!existsSync(file)) return { seeded: false, inserted: [] as string[] };
  const rows = readExitsFile(file).map((exit) => toExitRow(exit, dataKey));
  return db.transaction().execute(async (tx) => {
    if (!(await lockExitsIfUnconfigured(tx))) return { seeded: false, inserted: [] as string[] };
    return { seeded: true, inserted: await insertExits(tx, rows) };
  });
};
