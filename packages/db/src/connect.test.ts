import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDatabase } from './connect.ts';

describe('database pool', () => {
  it('survives the server killing an idle connection and serves the next query', async () => {
    const errors: Error[] = [];
    const database = createDatabase(inject('databaseUrl'), 2, (error) => errors.push(error));
    try {
      const { rows } = await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pid = rows[0]!.pid;
      // Kill the now idle connection from another session, as a restart or an admin would.
      const admin = createDatabase(inject('databaseUrl'), 1);
      await admin.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.close();
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      expect(errors[0]?.message).toMatch(/terminat/);
      const again = await database.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
