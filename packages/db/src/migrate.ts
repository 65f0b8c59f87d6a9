import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any constant works; it only has to be the same for every process that migrates. */
const MIGRATION_LOCK_KEY = 4_701_143_001;

export type MigrationResult = { applied: string[] };

/**
 * Migrations 0001 to 0022 squashed into one file (decision 152). A database that ran all of
 * them has the schema the baseline creates, so it records the baseline without running it; one
 * that stopped part way must first finish them with the last release that has them.
 */
export const SQUASHED = {
  baseline: '0000_baseline.sql',
  last: '0022_shared_triggers.sql',
  lastRelease: '59268a0d57f2b37f2786f4804b2575337f866f66',
} as const;

/** Brings a database migrated before the squash onto the baseline (see SQUASHED). */
const adoptBaseline = async (client: pg.Client, done: Set<string>) => {
  if (done.size === 0 || done.has(SQUASHED.baseline)) return;
  if (!done.has(SQUASHED.last)) {
    const reached = [...done].sort().at(-1);
    throw new Error(
      `This database was migrated up to ${reached}; migrations up to ${SQUASHED.last} are now ` +
        `squashed into ${SQUASHED.baseline} (decision 152). Start the release at commit ` +
        `${SQUASHED.lastRelease} once to finish them, then this one.`,
    );
  }
  await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [SQUASHED.baseline]);
  done.add(SQUASHED.baseline);
};

/**
 * Applies committed SQL migrations in file-name order. A session advisory lock makes
 * concurrent starters (two replicas, the CLI and the server) wait for each other; each
 * file runs in its own transaction and is recorded in schema_migrations, so a failed
 * file leaves nothing half-applied and stops the start with its name in the error.
 */
export const migrate = async (
  connectionString: string,
  options: { dir?: string; log?: (message: string) => void } = {},
): Promise<MigrationResult> => {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
  const client = new pg.Client({ connectionString, application_name: 'proxy-cabinet-migrate' });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Set(
        (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
          (row) => row.name,
        ),
      );
      if (files.includes(SQUASHED.baseline)) await adoptBaseline(client, done);
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = await readFile(path.join(dir, file), 'utf8');
        try {
          await client.query('BEGIN');
          await client.query(sql);
          await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`Migration ${file} failed: ${reason}`, { cause: error });
        }
        applied.push(file);
        options.log?.(`applied migration ${file}`);
      }
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
    }
  } finally {
    await client.end();
  }
  return { applied };
};
