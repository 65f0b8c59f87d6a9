import { notificationSettingsEndpoints } from '@proxy/contract';
import { AppError } from '../../lib/app-error.ts';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { createTelegramRuntime } from './telegram.bot.ts';
import { telegramStatus } from './telegram.service.ts';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * The Telegram bot of this instance (off without TELEGRAM_BOT_TOKEN): the cabinet's offer,
 * the webhook route, and the runner started with the app and stopped with it.
 */
export const telegramRoutes: RoutesPlugin = (app, _options, done) => {
  const runtime = createTelegramRuntime({
    config: app.config,
    db: app.db,
    translator: app.translator,
    log: app.log,
  });

  addRoute(
    app,
    notificationSettingsEndpoints.telegram,
    { preHandler: authenticate },
    async (request) =>
      telegramStatus(app.db, sessionOf(request).user, {
        username: runtime ? await runtime.username() : null,
        promoPercent: app.config.TELEGRAM_PROMO_PERCENT,
      }),
  );

  addRoute(app, notificationSettingsEndpoints.telegramWebhook, {}, async (request) => {
    const secret = request.headers[SECRET_HEADER];
    // Without the webhook configured, or without Telegram's secret, the route does not exist.
    if (
      !runtime ||
      !app.config.TELEGRAM_WEBHOOK_URL ||
      typeof secret !== 'string' ||
      !safeEqual(secret, app.config.TELEGRAM_WEBHOOK_SECRET)
    )
      throw new AppError('NOT_FOUND');
    await runtime.handleUpdate(request.body);
    return { ok: true as const };
  });

  if (runtime) {
    app.addHook('onReady', () => {
      runtime.start();
      return Promise.resolve();
    });
    app.addHook('onClose', () => runtime.stop());
  }
  done();
};
