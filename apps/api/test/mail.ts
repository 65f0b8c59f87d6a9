import { sql } from 'kysely';
import type { MailRequest } from '../src/integrations/mail/mailer.ts';
import { MAIL_ACCOUNT_QUEUE, MAIL_NOTIFICATION_QUEUE } from '../src/modules/jobs/jobs.queue.ts';
import { waitFor, type TestContext } from './helpers.ts';

/** The first account mail (from index `from` of `ctx.mails`) that matches, once the worker sent it. */
export const waitForMail = (
  ctx: TestContext,
  predicate: (mail: MailRequest) => boolean,
  from = 0,
): Promise<MailRequest> => waitFor(() => ctx.mails.slice(from).find(predicate));

/**
 * Waits until this app's mail queue has nothing created, retrying or running, so every mail
 * queued so far is in `ctx.mails` / `ctx.notificationMails` and counts are final.
 */
export const settleMail = async (ctx: TestContext, timeoutMs = 15_000) => {
  const jobs = sql.table(`${ctx.config.JOBS_SCHEMA}.job`);
  await waitFor(async () => {
    const { rows } = await sql<{ pending: number }>`
      select count(*)::int as pending from ${jobs}
      where name in (${MAIL_ACCOUNT_QUEUE}, ${MAIL_NOTIFICATION_QUEUE})
        and state in ('created', 'retry', 'active')`.execute(ctx.database.db);
    return rows[0]?.pending === 0 ? true : undefined;
  }, timeoutMs);
};
