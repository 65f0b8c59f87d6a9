import { PASSWORD_RESET_TTL_MINUTES } from '@proxy/contract';
import type { Config } from '../../config/env.ts';
import type { Db } from '@proxy/db';
import type { MailRequest } from '../../integrations/mail/mailer.ts';
import { generateToken, sha256Hex } from '../../lib/crypto.ts';
import type { AccountMailJob } from '../jobs/jobs.queue.ts';
import { findUserById } from '../users/users.repository.ts';
import { insertResetToken } from './auth.repository.ts';
import { createVerificationToken } from './email-verification.ts';

/**
 * The mail a queued verification or reset job sends, or null when there is nothing to send:
 * the job names no user (queued only to make the answer cost the same), the user is gone, their address changed since (the new address gets its own mail), or the
 * address is verified already. The link is minted here, at delivery: a verification link is
 * stateless; a reset token is stored (hashed) now, so its 60 minutes start when it is sent.
 * A retried job stores another token; the unused one expires on its own.
 */
export const buildAccountMail = async (
  db: Db,
  config: Pick<Config, 'APP_SECRET' | 'APP_URL'>,
  job: AccountMailJob,
): Promise<MailRequest | null> => {
  if (job.userId === null) return null;
  const user = await findUserById(db, job.userId);
  if (!user || user.email.toLowerCase() !== job.email.toLowerCase()) return null;
  const recipient = { to: user.email, name: user.name, language: user.locale };
  if (job.kind === 'verify-email') {
    if (user.email_verified_at) return null;
    const token = createVerificationToken(config.APP_SECRET, user.id, user.email);
    return {
      ...recipient,
      purpose: 'verify-email',
      link: `${config.APP_URL}/api/email/verify/confirm?token=${encodeURIComponent(token)}`,
    };
  }
  const token = generateToken();
  await insertResetToken(db, user.id, sha256Hex(token), PASSWORD_RESET_TTL_MINUTES);
  const query = new URLSearchParams({ token, email: user.email });
  return {
    ...recipient,
    purpose: 'reset-password',
    link: `${config.APP_URL}/update-password?${query.toString()}`,
  };
};
