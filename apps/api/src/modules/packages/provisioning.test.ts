import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DbRoot } from '@proxy/db';
import { useScratchDatabase, useTestApp, waitFor } from '../../../test/helpers.ts';
import { spawnServer, waitForHealth } from '../../../test/processes.ts';
import { customerWhoBought, customerWhoBoughtFrom, loadShop } from '../../../test/shop.ts';
import { provisionPackages } from './packages.service.ts';
import { packageRow } from '../../../../../packages/db/test/package-row.ts';

const packageStatus = async (db: DbRoot, id: number) => (await packageRow(db, id)).status;

/** Resolves once a worker has taken the package's provisioning job (pg-boss marks it active). */
const provisioningJobActive = (
  db: DbRoot,
  jobsSchema: string,
  packageId: number,
  timeoutMs?: number,
) =>
  waitFor(async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(`${jobsSchema}.job`)}
      where state = 'active' and data->>'packageId' = ${String(packageId)}`.execute(db);
    return rows[0]?.n === 1 ? true : undefined;
  }, timeoutMs);

describe('provisioning survives a crash of the worker', () => {
  // A database of its own: the server's start-up sweep queues every pending package it finds,
  // and other test files buy packages in the shared one meanwhile.
  const own = useScratchDatabase('cabinet_crash');

  it(
    'SIGKILL while a provisioning job runs: the package is active within 60 s of the restart',
    { timeout: 150_000 },
    async () => {
      const jobsSchema = `pgboss_crash_${randomBytes(4).toString('hex')}`;
      /** One server process (API and job workers) on the shared test database, once healthy. */
      const startServer = async (env: Record<string, string> = {}) => {
        const server = await spawnServer({
          DATABASE_URL: own.scratch.url,
          JOBS_SCHEMA: jobsSchema,
          JOBS_POLL_SECONDS: '0.5',
          RATE_LIMIT_AUTH_MAX: '1000',
          RATE_LIMIT_ACCOUNT_MAX: '1000',
          ...env,
        });
        // The first start migrates the fresh database.
        await waitForHealth(server.base, 60_000);
        return server;
      };
      // The first process takes 10 minutes per provisioning: it is surely mid-job when killed.
      let server = await startServer({ PROVISIONING_DELAY_MS: '600000' });
      try {
        const { packageId } = await customerWhoBoughtFrom(
          server.base,
          own.database.db,
          'Crash',
          'base-5gb',
        );

        await provisioningJobActive(own.database.db, jobsSchema, packageId, 20_000);
        await server.stop('SIGKILL');
        expect(await packageStatus(own.database.db, packageId)).toBe('pending');

        const restarted = Date.now();
        server = await startServer();
        await waitFor(
          async () =>
            (await packageStatus(own.database.db, packageId)) === 'active' ? true : undefined,
          60_000 - (Date.now() - restarted),
        );
        expect(Date.now() - restarted).toBeLessThan(60_000);

        // Exactly one activation: the stale job of the dead process, retried later, changes nothing.
        const activated = await own.database.db
          .selectFrom('packages')
          .select('activated_at')
          .where('id', '=', packageId)
          .executeTakeFirstOrThrow();
        expect(activated.activated_at).not.toBeNull();
      } finally {
        await server.stop('SIGKILL');
      }
    },
  );
});

describe('provisioning runs once per package', () => {
  // The app's worker takes 1.5 s per provisioning, holding the package's row lock.
  const ctx = useTestApp({ PROVISIONING_DELAY_MS: '1500' });

  it('a second provisioning of a package being provisioned waits, then does nothing', async () => {
    await loadShop(ctx.database.db);
    const { packageId } = await customerWhoBought(ctx, 'base-1gb');
    await provisioningJobActive(ctx.database.db, ctx.config.JOBS_SCHEMA, packageId);

    // What the sweep's job or a retried job would do while the worker is mid-way.
    expect(await provisionPackages(ctx.database.db, [packageId], 0)).toEqual([]);
    expect(await packageStatus(ctx.database.db, packageId)).toBe('active');
  });
});
