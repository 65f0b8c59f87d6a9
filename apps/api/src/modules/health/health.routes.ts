import { appEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { pingDatabase } from './health.repository.ts';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, appEndpoints.health, {}, async (request) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pingDatabase(app.db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      throw new AppError('SERVICE_UNAVAILABLE');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' as const };
  });
  addRoute(app, appEndpoints.ip, {}, (request) => ({ ip: request.ip }));
  done();
};
