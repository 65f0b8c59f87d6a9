import type { FastifyPluginCallback } from 'fastify';
import { REFERRAL_SORT_FIELDS } from '@proxy/contract';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { parseListQuery } from '../../lib/list-query.ts';
import { getReferralOverview, transferReferralBalance } from './referral.service.ts';

export const referralRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/profile/referrals', { preHandler: authenticate }, (request) =>
    getReferralOverview(
      app.db,
      sessionOf(request).user,
      parseListQuery(REFERRAL_SORT_FIELDS, request.query),
    ),
  );

  app.post(
    '/profile/transfer-referral-balance',
    { preHandler: [authenticate, requireVerified] },
    async (request) => {
      await transferReferralBalance(app.db, sessionOf(request).user, request.body);
      return {
        success: true as const,
        message: app.translator.t(requestLanguage(request), 'referral:messages.transferred'),
      };
    },
  );
  done();
};
