import { sql } from 'kysely';
import type { Db } from '@proxy/db';

export const pingDatabase = async (db: Db) => {
  await sql`SELECT 1`.execute(db);
};
