import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  dynamicBuySchema,
  isIspPeriod,
  ispBuySchema,
  ispPriceCents,
  unlimBuySchema,
  type TariffFamily,
} from '@proxy/contract';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { AppError } from '../../lib/app-error.ts';
import { findTariffById } from '../catalogue/catalogue.repository.ts';
import { checkPromo } from '../promo/promo.service.ts';
import { createProvisioner } from '../packages/packages.jobs.ts';
import { purchase, type PurchaseContext, type PurchaseRequest } from './purchases.service.ts';

const KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value))
    throw new AppError('VALIDATION_FAILED', {
      errors: { 'Idempotency-Key': ['validation.invalid_value'] },
    });
  return value;
};

const couponParams = z.object({
  tariffId: z.coerce.number().int().positive().max(2_147_483_647),
  code: z.string().min(1).max(64),
});
const couponQuery = z.object({ period: z.coerce.number().int().optional() });

/** Purchases (POST /tariff/buy, /tariff/buy-unlim, /tariff/buy-isp) and the promo check. */
export const purchasesRoutes: FastifyPluginCallback = (app, _options, done) => {
  const provisioner = createProvisioner(
    app.db,
    app.log,
    app.hasDecorator('jobs') ? app.jobs : null,
  );
  // With a real server, provision packages left pending by a previous run; tests start lazily.
  if (app.config.NODE_ENV !== 'test') app.addHook('onReady', () => provisioner.start());
  app.addHook('onClose', () => provisioner.stop());

  const guard = { preHandler: [authenticate, requireVerified] };
  const run = async (request: FastifyRequest, input: PurchaseRequest) => {
    const ctx: PurchaseContext = {
      db: app.db,
      translator: app.translator,
      language: requestLanguage(request),
      provisioner,
    };
    return purchase(ctx, sessionOf(request).user, input, idempotencyKeyOf(request));
  };

  app.post('/tariff/buy', guard, async (request, reply) => {
    const body = dynamicBuySchema.parse(request.body);
    const tariff = await findTariffById(app.db, body.tariff_id);
    // Base and Premium share the endpoint: the tariff decides the family.
    const family = tariff?.family === 'premium' ? 'premium' : 'dynamic';
    const result = await run(request, { family, tariffId: body.tariff_id, promo: body.promo });
    return reply.code(result.statusCode).send(result.body);
  });

  app.post('/tariff/buy-unlim', guard, async (request, reply) => {
    const body = unlimBuySchema.parse(request.body);
    const result = await run(request, {
      family: 'unlim',
      tariffId: body.tariff_id,
      locationId: body.location_id,
      promo: body.promo,
    });
    return reply.code(result.statusCode).send(result.body);
  });

  app.post('/tariff/buy-isp', guard, async (request, reply) => {
    const body = ispBuySchema.parse(request.body);
    const result = await run(request, {
      family: 'isp',
      tariffId: body.tariff_id,
      countryId: body.country_id,
      period: body.period,
      quantity: body.quantity,
      ip: body.ip,
      socks: body.socks,
      promo: body.promo,
    });
    return reply.code(result.statusCode).send(result.body);
  });

  app.get('/tariff/:tariffId/check-coupon/:code', { preHandler: authenticate }, async (request) => {
    const params = couponParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND');
    const { period } = couponQuery.parse(request.query);
    const tariff = await findTariffById(app.db, params.data.tariffId);
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
      params.data.code,
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
