import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS } from '@proxy/contract';
import { createTestApp, useScratchDatabase, verifiedUser, waitFor } from '../../../test/helpers.ts';
import { paymentRow, sandboxPayment } from '../../../test/money.ts';

/**
 * The expiry sweep as the jobs plugin runs it, with the real clock. A database of this file's
 * own: the job sweeps every payment.
 */
describe('the payment expiry job', () => {
  const own = useScratchDatabase('cabinet_payment_expiry', { migrate: true });

  it('marks a waiting payment whose checkout has lapsed expired, and leaves an open one waiting', async () => {
    const app = await createTestApp({
      DATABASE_URL: own.scratch.url,
      JOBS_SCHEMA: 'pgboss_payment_expiry',
      PAYMENT_EXPIRY_SWEEP_SECONDS: '1',
    });
    try {
      const user = await verifiedUser(app);
      const lapsed = await sandboxPayment(app, user.token, 25);
      const open = await sandboxPayment(app, user.token, 30);
      await app.database.db
        .updateTable('payments')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', lapsed.id)
        .execute();
      await waitFor(async () =>
        (await paymentRow(app, lapsed.id)).status === PAYMENT_STATUS.expired ? true : undefined,
      );
      expect((await paymentRow(app, open.id)).status).toBe(PAYMENT_STATUS.waiting);
    } finally {
      await app.close();
    }
  });
});
