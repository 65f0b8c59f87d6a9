import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogueEndpoints, isIspPeriod, ispPriceCents, type TariffFamily } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';
import { requireUnrestricted } from '../users/restricted-user.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { AppError } from '../../lib/app-error.ts';
import { findTariffById } from '../catalogue/catalogue.repository.ts';
import { findCachedTariff } from '../catalogue/tariff-cache.ts';
import { checkPromo } from '../promo/promo.service.ts';
import { purchase, type PurchaseContext, type PurchaseRequest } from './purchases.service.ts';
import { idempotencyOf } from './idempotency.ts';

/** Purchases (POST /tariff/buy, /tariff/buy-unlim, /tariff/buy-isp) and the promo check. */
export const purchasesRoutes: RoutesPlugin = (app, _options, done) => {
  const guard = { preHandler: [authenticate, requireVerified, requireUnrestricted] };
  /** Buys for the signed-in user and answers with the purchase's status and body. */
  const buy = async (request: FastifyRequest, reply: FastifyReply, input: PurchaseRequest) => {
    const ctx: PurchaseContext = {
      db: app.db,
      translator: app.translator,
      language: requestLanguage(request),
      dataKey: app.config.DATA_ENCRYPTION_KEY,
    };
    const result = await purchase(ctx, sessionOf(request).user, input, idempotencyOf(request));
    return reply.code(result.statusCode).send(result.body);
  };

  addRoute(app, catalogueEndpoints.buyDynamic, guard, async (request, reply) => {
    const { tariff_id: tariffId, promo } = request.body;
    const tariff = await findCachedTariff(app.db, tariffId);
    // Base and Premium share the endpoint: the tariff decides the family.
    const family = tariff?.family === 'premium' ? 'premium' : 'dynamic';
    return buy(request, reply, { family, tariffId, promo });
  });

  addRoute(app, catalogueEndpoints.buyUnlim, guard, async (request, reply) => {
    const { tariff_id: tariffId, location_id: locationId, promo } = request.body;
    return buy(request, reply, { family: 'unlim', tariffId, locationId, promo });
  });

  addRoute(app, catalogueEndpoints.buyIsp, guard, async (request, reply) => {
    const {
      tariff_id: tariffId,
      country_id: countryId,
      period,
      quantity,
      ip,
      socks,
      promo,
    } = request.body;
    return buy(request, reply, {
      family: 'isp',
      tariffId,
      countryId,
      period,
      quantity,
      ip,
      socks,
      promo,
    });
  });

  // A malformed tariff id or code fails the params schema: 404 (error handler).
  addRoute(app, catalogueEndpoints.checkCoupon, { preHandler: authenticate }, async (request) => {
    const { period } = request.query;
    const tariff = await findTariffById(app.db, request.params.tariffId);
    if (!tariff) throw new AppError('NOT_FOUND');
    const family: TariffFamily = tariff.family;
    let priceCents = tariff.price_cents;
    let targetPeriod: number | null = tariff.duration_days;
    if (family === 'isp') {
      const days = period ?? 30;
      if (!isIspPeriod(days))
        throw new AppError('VALIDATION_FAILED', {
          errors: { period: ['validation.invalid_period'] },
        });
      priceCents = ispPriceCents(
        { priceCents: tariff.price_cents, ports: tariff.ports ?? 1 },
        days,
      );
      targetPeriod = days;
    }
    return checkPromo(
      app.db,
      app.translator,
      requestLanguage(request),
      sessionOf(request).user.id,
      request.params.code,
      {
        family,
        tariffId: tariff.id,
        priceCents,
        trafficGb: tariff.traffic_gb,
        period: targetPeriod,
      },
    );
  });
  done();
};
