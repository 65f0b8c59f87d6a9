import { appEndpoints, type AppConfig } from '@proxy/contract';
import type { Config } from '../../config/env.ts';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';

/** What the SPA may know of the configuration: links and public site ids, never a secret. */
export const publicAppConfig = (
  config: Pick<Config, 'SUPPORT_CHAT_URL' | 'ANALYTICS' | 'LIVE_CHAT'>,
): AppConfig => ({
  supportMessengerUrl: config.SUPPORT_CHAT_URL,
  analytics: config.ANALYTICS,
  liveChat: config.LIVE_CHAT,
});

export const appConfigRoutes: RoutesPlugin = (app, _options, done) => {
  const body = publicAppConfig(app.config);
  addRoute(app, appEndpoints.config, {}, (_request, reply) => {
    // Fixed for the life of the process; a short cache spares a request per page load.
    void reply.header('cache-control', 'public, max-age=300');
    return Promise.resolve(body);
  });
  done();
};
