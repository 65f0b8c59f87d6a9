import { referralEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { moneyMovementGuard, unrestrictedUserGuard } from '../users/restricted-user.ts';
import { codeCheckRateLimit } from '../two-factor/two-factor.guard.ts';
import { listWithdrawals, requestWithdrawal } from './withdrawals.service.ts';

export const withdrawalsRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, referralEndpoints.listWithdrawals, unrestrictedUserGuard, (request) =>
    listWithdrawals(app.db, sessionOf(request).user.id, request.query),
  );

  const withdrawGuard = {
    preHandler: [
      ...moneyMovementGuard.preHandler,
      codeCheckRateLimit(app, { onlyWhenEnabled: true }),
    ],
  };
  addRoute(app, referralEndpoints.withdraw, withdrawGuard, async (request) => {
    const deps = { db: app.db, config: app.config };
    await requestWithdrawal(deps, sessionOf(request).user, request.body);
    return messageReply(app, request, 'referral:messages.withdrawal_created');
  });
  done();
};
