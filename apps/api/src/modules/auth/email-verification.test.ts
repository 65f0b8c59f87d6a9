import { describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { settleMail, waitForMail } from '../../../test/mail.ts';
import { messageBody } from '../../../test/texts.ts';
import { createVerificationToken } from './email-verification.ts';

const ctx = useTestApp();

const SUCCESS = 'http://cabinet.test/cabinet/email/verification?successEmailVerify=true';
const FAILURE = 'http://cabinet.test/cabinet/email/verification?successEmailVerify=false';

const confirm = (token: string) =>
  ctx.api.request('GET', `/api/email/verify/confirm?token=${encodeURIComponent(token)}`);

const profile = async (token: string) =>
  (await ctx.api.profile(token)).json<{ user: { email_verified_at: string | null } }>().user;

describe('email verification', () => {
  it('the mailed link verifies, redirects with true, notifies once, and stays true when reused', async () => {
    const { email, token } = await registerUser(ctx.app);
    const mail = await waitForMail(ctx, (m) => m.to === email && m.purpose === 'verify-email');
    const link = new URL(mail.link);
    const response = await ctx.api.request('GET', link.pathname + link.search);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(SUCCESS);
    expect((await profile(token)).email_verified_at).not.toBeNull();

    const again = await ctx.api.request('GET', link.pathname + link.search);
    expect(again.headers.location).toBe(SUCCESS);
    const types = await ctx.api.notificationTypes(token);
    expect(types.filter((type) => type === 'notifications.email_verified')).toHaveLength(1);
  });

  it('an expired, tampered, foreign-secret or missing token redirects with false and verifies nothing', async () => {
    const { id, email, token } = await registerUser(ctx.app);
    const secret = ctx.config.APP_SECRET;
    const expired = createVerificationToken(secret, id, email, Date.now() - 25 * 3600_000);
    const valid = createVerificationToken(secret, id, email);
    const tampered = valid.replace(/^\d+/, String(id + 1));
    const otherSecret = createVerificationToken('another-secret-another-secret-another', id, email);
    const otherEmail = createVerificationToken(secret, id, uniqueEmail());
    for (const bad of [expired, tampered, otherSecret, otherEmail, 'garbage', '']) {
      const response = await confirm(bad);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(FAILURE);
    }
    const none = await ctx.api.request('GET', '/api/email/verify/confirm');
    expect(none.headers.location).toBe(FAILURE);
    expect((await profile(token)).email_verified_at).toBeNull();
    expect((await confirm(valid)).headers.location).toBe(SUCCESS);
  });

  it('resend answers the same for known, verified and unknown e-mails; mails only the unverified one', async () => {
    const unverified = await registerUser(ctx.app);
    const verified = await registerUser(ctx.app);
    await confirm(createVerificationToken(ctx.config.APP_SECRET, verified.id, verified.email));
    const ghost = uniqueEmail('ghost');
    for (const language of ['en', 'ru'] as const) {
      await settleMail(ctx); // the registration mails are in, so only the resends count
      // One verification mail per address per minute (decision 061): let that window pass.
      await ctx.database.db
        .deleteFrom('rate_limits')
        .where(
          'key',
          'in',
          [unverified.email, verified.email, ghost].map((e) => `verify-mail:${e}`),
        )
        .execute();
      const before = ctx.mails.length;
      const answers = await Promise.all(
        [unverified.email, verified.email, ghost].map((email) =>
          ctx.api.request('POST', '/api/email/verify', { language, payload: { email } }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual(messageBody(language, 'verification_sent'));
      }
      await settleMail(ctx);
      const sent = ctx.mails.slice(before);
      expect(sent.map((m) => m.to)).toEqual([unverified.email]);
    }
  });
});
