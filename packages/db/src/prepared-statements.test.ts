import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from './connect.ts';
import { createStatementNames } from './prepared-statements.ts';

/** The statements prepared on the session that runs it (one connection: the pool's only one). */
const preparedTexts = async (database: DatabaseHandle) => {
  const { rows } = await sql<{
    statement: string;
  }>`SELECT statement FROM pg_prepared_statements`.execute(database.db);
  return rows.map((row) => row.statement);
};

describe('named prepared statements', () => {
  let database: DatabaseHandle;
  let admin: DatabaseHandle;
  beforeAll(async () => {
    database = createDatabase(inject('databaseUrl'), 1);
    admin = createDatabase(inject('databaseUrl'), 1, undefined, { preparedStatements: false });
    await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY, a text)`.execute(admin.db);
    await sql`INSERT INTO prepared_probe VALUES (1, 'one')`.execute(admin.db);
  });
  afterAll(async () => {
    await sql`DROP TABLE IF EXISTS prepared_probe`.execute(admin.db);
    await database.close();
    await admin.close();
  });

  const probe = (db: DatabaseHandle['db']) =>
    db
      .selectFrom('prepared_probe' as never)
      .selectAll()
      .where('id' as never, '=', 1 as never)
      .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;

  it('prepares a parameterised text from its second run on, and only then', async () => {
    await probe(database.db);
    expect((await preparedTexts(database)).some((text) => text.includes('prepared_probe'))).toBe(
      false,
    );
    await probe(database.db);
    await probe(database.db);
    expect(
      (await preparedTexts(database)).filter((t) => t.includes('prepared_probe')),
    ).toHaveLength(1);
  });

  it('prepares nothing when turned off', async () => {
    for (let i = 0; i < 3; i += 1) await probe(admin.db);
    expect(await preparedTexts(admin)).toEqual([]);
  });

  it('answers with the new columns after a migration changed the table under a prepared SELECT *', async () => {
    expect(await probe(database.db)).toEqual({ id: 1, a: 'one' });
    await sql`ALTER TABLE prepared_probe ADD COLUMN b int NOT NULL DEFAULT 7`.execute(admin.db);
    // Outside a transaction: re-prepared and retried at once.
    expect(await probe(database.db)).toEqual({ id: 1, a: 'one', b: 7 });
    // Prepared again (under a new name) with the new columns.
    expect(await probe(database.db)).toEqual({ id: 1, a: 'one', b: 7 });

    await sql`ALTER TABLE prepared_probe ADD COLUMN c int NOT NULL DEFAULT 8`.execute(admin.db);
    // Inside one the transaction is lost already: the caller sees the error once...
    await expect(database.db.transaction().execute((tx) => probe(tx))).rejects.toThrow(
      /cached plan must not change result type/,
    );
    // ...and the next transaction prepares it again.
    expect(await database.db.transaction().execute((tx) => probe(tx))).toEqual({
      id: 1,
      a: 'one',
      b: 7,
      c: 8,
    });
  });
});

describe('statement names', () => {
  it('names a text on its second sighting, at most `maxNamed` texts in all', () => {
    const names = createStatementNames(2);
    expect(names.nameOf('q1')).toBeNull();
    const first = names.nameOf('q1');
    expect(first).not.toBeNull();
    expect(names.nameOf('q1')).toBe(first);
    names.nameOf('q2');
    expect(names.nameOf('q2')).not.toBeNull();
    names.nameOf('q3');
    expect(names.nameOf('q3')).toBeNull();
    expect(names.size).toBe(2);
  });

  it('gives a stale text a new name', () => {
    const names = createStatementNames();
    names.nameOf('q');
    const first = names.nameOf('q');
    names.rename('q');
    const second = names.nameOf('q');
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
  });
});
