import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { getPackage, listPackages } from './packages.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const packagesRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/packages', { preHandler: authenticate }, async (request) => ({
    data: await listPackages(app.db, sessionOf(request).user.id),
  }));
  app.get('/packages/:id', { preHandler: authenticate }, async (request) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) throw new AppError('NOT_FOUND');
    return { data: await getPackage(app.db, sessionOf(request).user.id, parsed.data.id) };
  });
  done();
};
