import type { FastifyPluginCallback } from 'fastify';
import { WITHDRAWAL_SORT_FIELDS } from '@proxy/contract';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { parseListQuery } from '../../lib/list-query.ts';
import { listWithdrawals, requestWithdrawal } from './withdrawals.service.ts';

export const withdrawalsRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/profile/withdrawals', { preHandler: authenticate }, (request) =>
    listWithdrawals(
      app.db,
      sessionOf(request).user.id,
      parseListQuery(WITHDRAWAL_SORT_FIELDS, request.query),
    ),
  );

  app.post(
    '/profile/withdrawals',
    { preHandler: [authenticate, requireVerified] },
    async (request) => {
      await requestWithdrawal(app.db, sessionOf(request).user, request.body);
      return {
        success: true as const,
        message: app.translator.t(requestLanguage(request), 'referral:messages.withdrawal_created'),
      };
    },
  );
  done();
};
