import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { runSql, withDatabase } from './scratch-database.ts';
import { migrate, MIGRATIONS_DIR, SQUASHED } from './migrate.ts';
import { readdirSync } from 'node:fs';

const adminUrl = inject('adminUrl');
const created: string[] = [];

const admin = (sql: string) => runSql(adminUrl, sql);

const freshDatabase = async () => {
  const name = `cabinet_mig_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  created.push(name);
  return withDatabase(adminUrl, name);
};

beforeAll(() => undefined);
afterAll(async () => {
  for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('migrate', () => {
  it('two concurrent runs on a fresh database both succeed and apply each file once', async () => {
    const url = await freshDatabase();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    expect([...(a?.applied ?? []), ...(b?.applied ?? [])].sort()).toEqual(files);
    const rows = await runSql<{ name: string }>(
      url,
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual(files);
    // A third run is a no-op.
    expect((await migrate(url)).applied).toEqual([]);
  });

  it('a failing migration throws naming the file, rolls back, and records nothing', async () => {
    const url = await freshDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    writeFileSync(path.join(dir, '0001_ok.sql'), 'CREATE TABLE ok_table (id int);');
    writeFileSync(
      path.join(dir, '0002_broken.sql'),
      'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;',
    );
    await expect(migrate(url, { dir })).rejects.toThrow(
      /Migration 0002_broken\.sql failed: .*no_such_table/,
    );
    const applied = await runSql<{ name: string }>(url, 'SELECT name FROM schema_migrations');
    expect(applied.map((r) => r.name)).toEqual(['0001_ok.sql']);
    const tables = await runSql<{ exists: boolean }>(
      url,
      "SELECT to_regclass('half_done') IS NOT NULL AS exists",
    );
    expect(tables[0]?.exists).toBe(false);
  });

  describe('the baseline (decision 152)', () => {
    /** A database as a release before the squash left it: its schema, and the old names. */
    const migratedBeforeSquash = async (names: string[]) => {
      const url = await freshDatabase();
      const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
      writeFileSync(
        path.join(dir, SQUASHED.baseline),
        readFileSync(path.join(MIGRATIONS_DIR, SQUASHED.baseline)),
      );
      await migrate(url, { dir });
      await runSql(url, 'DELETE FROM schema_migrations');
      for (const name of names) {
        await runSql(url, `INSERT INTO schema_migrations (name) VALUES ('${name}')`);
      }
      return url;
    };

    it('is recorded, not run, on a database that ran every squashed migration', async () => {
      const url = await migratedBeforeSquash(['0001_init.sql', SQUASHED.last]);
      // Running the baseline again would fail on its first CREATE TABLE.
      const { applied } = await migrate(url);
      expect(applied).not.toContain(SQUASHED.baseline);
      const rows = await runSql<{ name: string }>(url, 'SELECT name FROM schema_migrations');
      expect(rows.map((r) => r.name)).toContain(SQUASHED.baseline);
      expect((await migrate(url)).applied).toEqual([]);
    });

    it('stops a database that ran only some of them, naming where it stands', async () => {
      const url = await migratedBeforeSquash(['0001_init.sql', '0019_packages_read.sql']);
      await expect(migrate(url)).rejects.toThrow(
        new RegExp(`up to 0019_packages_read\\.sql.*commit ${SQUASHED.lastRelease}`),
      );
      const rows = await runSql<{ name: string }>(url, 'SELECT name FROM schema_migrations');
      expect(rows.map((r) => r.name)).not.toContain(SQUASHED.baseline);
    });
  });
});
