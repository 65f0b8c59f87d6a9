import { referralEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { moneyMovementGuard, unrestrictedUserGuard } from '../users/restricted-user.ts';
import { getReferralOverview, transferReferralBalance } from './referral.service.ts';

export const referralRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, referralEndpoints.getOverview, unrestrictedUserGuard, (request) =>
    getReferralOverview(app.db, sessionOf(request).user, request.query),
  );

  addRoute(app, referralEndpoints.transfer, moneyMovementGuard, async (request) => {
    await transferReferralBalance(app.db, sessionOf(request).user, request.body);
    return messageReply(app, request, 'referral:messages.transferred');
  });
  done();
};
