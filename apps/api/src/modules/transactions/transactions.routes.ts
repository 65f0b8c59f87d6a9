import type { FastifyPluginCallback } from 'fastify';
import { TRANSACTION_SORT_FIELDS } from '@proxy/contract';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { parseListQuery } from '../../lib/list-query.ts';
import { listTransactions } from './transactions.service.ts';

export const transactionsRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/profile/transactions', { preHandler: authenticate }, (request) =>
    listTransactions(
      app.db,
      sessionOf(request).user.id,
      parseListQuery(TRANSACTION_SORT_FIELDS, request.query),
    ),
  );
  done();
};
