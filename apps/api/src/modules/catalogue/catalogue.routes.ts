import { z } from 'zod';
import { catalogueEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import {
  ispPeriods,
  listIspCountries,
  listIspTariffs,
  listTariffs,
  listUnlimLocations,
  listUnlimTariffs,
} from './catalogue.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Public catalogue reads (prices are public; the buy itself needs a verified session). */
export const catalogueRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, catalogueEndpoints.listTariffs, {}, async (request) => {
    const { type } = request.query;
    return { data: await listTariffs(app.db, type) };
  });
  addRoute(app, catalogueEndpoints.listIspCountries, {}, async () => ({
    data: await listIspCountries(app.db),
  }));
  addRoute(app, catalogueEndpoints.getIspPeriods, {}, () => ispPeriods());
  addRoute(app, catalogueEndpoints.listIspTariffs, {}, async (request) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) return { data: [] };
    return { data: await listIspTariffs(app.db, parsed.data.id) };
  });
  addRoute(app, catalogueEndpoints.listUnlimTariffs, {}, async () => ({
    data: await listUnlimTariffs(app.db),
  }));
  addRoute(app, catalogueEndpoints.listUnlimLocations, {}, async () => ({
    data: await listUnlimLocations(app.db),
  }));
  done();
};
