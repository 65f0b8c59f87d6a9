import { paymentsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { unrestrictedUserGuard } from '../users/restricted-user.ts';
import { listTransactions } from './transactions.service.ts';

export const transactionsRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, paymentsEndpoints.listTransactions, unrestrictedUserGuard, (request) =>
    listTransactions(app.db, sessionOf(request).user.id, request.query),
  );
  done();
};
