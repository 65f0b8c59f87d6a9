import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { TARIFF_TYPES, VALIDATION_KEYS, type TariffType } from '@proxy/contract';
import {
  ispPeriods,
  listIspCountries,
  listIspTariffs,
  listTariffs,
  listUnlimLocations,
  listUnlimTariffs,
} from './catalogue.service.ts';

const typeQuery = z.object({
  type: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .refine(
      (value): value is TariffType => (TARIFF_TYPES as readonly number[]).includes(value),
      VALIDATION_KEYS.invalidType,
    ),
});
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Public catalogue reads (prices are public; the buy itself needs a verified session). */
export const catalogueRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/tariffs', async (request) => {
    const { type } = typeQuery.parse(request.query);
    return { data: await listTariffs(app.db, type) };
  });
  app.get('/isp/countries', async () => ({ data: await listIspCountries(app.db) }));
  app.get('/isp/periods', () => ispPeriods());
  app.get('/isp/countries/:id/tariffs', async (request) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) return { data: [] };
    return { data: await listIspTariffs(app.db, parsed.data.id) };
  });
  app.get('/unlim/tariffs', async () => ({ data: await listUnlimTariffs(app.db) }));
  app.get('/unlim/locations', async () => ({ data: await listUnlimLocations(app.db) }));
  done();
};
