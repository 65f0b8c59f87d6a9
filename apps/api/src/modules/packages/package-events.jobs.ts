import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import type { JobWorker } from '../jobs/jobs.queue.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import {
  claimNotices,
  findTrafficPeriodKey,
} from '../package-lifecycle/package-lifecycle.repository.ts';

/** Events one sweep transaction takes at most (a larger backlog takes several). */
const SWEEP_BATCH = 100;

type PendingEvent = { id: number; package_id: number; user_id: number; title: string | null };

/**
 * Notifies the status changes the gateway recorded (package_status_events: a
 * quota used up makes the package `empty`), each exactly once however many API instances sweep
 * at the same time: the rows are taken FOR UPDATE SKIP LOCKED, and the notification (cabinet
 * row and mail job, through notify) commits with notified_at. A crash mid-way rolls back both,
 * and the next sweep takes the row again. The notification is also claimed per traffic period
 * in package_notices (decision 109), so the lifecycle's traffic sweep does not repeat it.
 * Returns how many events were handled.
 */
export const notifyPackageEvents = (db: DbRoot) =>
  db.transaction().execute(async (tx) => {
    const { rows } = await sql<PendingEvent>`
      SELECT e.id, e.package_id, p.user_id, p.tariff ->> 'title' AS title
      FROM package_status_events e
      JOIN packages p ON p.id = e.package_id
      WHERE e.notified_at IS NULL AND e.status = 'empty'
      ORDER BY e.id
      LIMIT ${SWEEP_BATCH}
      FOR UPDATE OF e SKIP LOCKED`.execute(tx);
    for (const event of rows) {
      // Once per traffic period: the lifecycle's traffic sweep claims the same notice.
      const claimed = await claimNotices(tx, [
        {
          packageId: event.package_id,
          kind: 'traffic_exhausted',
          periodKey: await findTrafficPeriodKey(tx, event.package_id),
        },
      ]);
      if (claimed.length > 0)
        await notify(tx, event.user_id, NOTIFICATION_TYPES.trafficExhausted, {
          package: `${event.title ?? ''} #${event.package_id}`.trim(),
        });
    }
    if (rows.length > 0)
      await sql`UPDATE package_status_events SET notified_at = now()
        WHERE id = ANY(${rows.map((event) => event.id)}::bigint[])`.execute(tx);
    return rows.length;
  });

/**
 * Every PACKAGE_EVENTS_SWEEP_SECONDS (0: off), the gateway's status changes become
 * notifications (decision 096): a poll of a partial index that is empty almost always.
 */
export const packageEventsWorker: JobWorker = {
  name: 'package-events',
  start: (_boss, app) => {
    const seconds = app.config.PACKAGE_EVENTS_SWEEP_SECONDS;
    if (seconds === 0) return Promise.resolve(() => Promise.resolve());
    let sweeping: Promise<void> = Promise.resolve();
    let isSweeping = false;
    const sweep = () => {
      if (isSweeping) return;
      isSweeping = true;
      sweeping = (async () => {
        try {
          // A full batch means more may wait: go on at once.
          while ((await notifyPackageEvents(app.db)) === SWEEP_BATCH);
        } catch (error) {
          app.log.error({ err: error }, 'package events sweep failed');
        } finally {
          isSweeping = false;
        }
      })();
    };
    const timer = setInterval(sweep, seconds * 1000);
    timer.unref();
    sweep();
    return Promise.resolve(async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
};
