import type { DbRoot } from '../src/database.ts';

/**
 * A package's row as it is stored now: what the API and gateway tests read to see what the code
 * under test wrote (its status, its key).
 */
export const packageRow = (db: DbRoot, id: number) =>
  db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
