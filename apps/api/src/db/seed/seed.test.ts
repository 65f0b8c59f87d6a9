import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';
import { DEMO_USER, seedDemoUser } from './seed.ts';

const ctx = useTestApp();

describe('seedDemoUser', () => {
  it('is idempotent and creates a verified user who can log in', async () => {
    await seedDemoUser(ctx.database.db, ctx.config.DATA_ENCRYPTION_KEY);
    await seedDemoUser(ctx.database.db, ctx.config.DATA_ENCRYPTION_KEY);
    const rows = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEMO_USER.email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email_verified_at).toBeInstanceOf(Date);
    expect(rows[0]?.balance_cents).toBe(0);
    const login = await ctx.api.request('POST', '/api/userlogin', {
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
