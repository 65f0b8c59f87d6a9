import { paymentsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { unrestrictedUserGuard } from '../users/restricted-user.ts';
import { downloadReceipt, sellerOf } from './receipts.service.ts';

/**
 * A receipt's PDF from the payments table (decision 183). The cabinet only, like the payments
 * table itself: the reseller API has no payments.
 */
export const receiptsRoutes: RoutesPlugin = (app, _options, done) => {
  const seller = sellerOf(app.config);
  addRoute(
    app,
    paymentsEndpoints.downloadReceipt,
    unrestrictedUserGuard,
    async (request, reply) => {
      const { fileName, bytes } = await downloadReceipt(
        app.db,
        sessionOf(request).user.id,
        request.params.id,
        seller,
        { translator: app.translator, language: requestLanguage(request) },
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );
  done();
};
