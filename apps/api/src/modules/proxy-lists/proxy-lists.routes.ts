import type { FastifyInstance, FastifyRequest } from 'fastify';
import { proxyListsEndpoints as endpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { sendExport } from '../exports/export-formats.ts';
import { proxyListExport, proxyListsReport, type ExportTexts } from './proxy-list-exports.ts';
import {
  createProxyList,
  deleteProxyList,
  findPrintableList,
  findPrintableLists,
  generateProxies,
  getProxyListContents,
  listLocationCities,
  listLocationCountries,
  listLocationIsps,
  listLocationRegions,
  listPremiumLocations,
  listProxyLists,
  renameProxyList,
  type PrintContext,
} from './proxy-lists.service.ts';

const guard = { preHandler: authenticate };

/** Where the printed lines point: the gateway's public host and ports (configuration). */
export const printContextOf = (app: FastifyInstance): PrintContext => ({
  gateway: {
    host: app.config.GATEWAY_PUBLIC_HOST,
    httpPort: app.config.GATEWAY_HTTP_PORT,
    socksPort: app.config.GATEWAY_SOCKS_PORT,
  },
  dataKey: app.config.DATA_ENCRYPTION_KEY,
});

/** Column headings and the report's title of exports, in the request's language. */
const exportTexts = (request: FastifyRequest): ExportTexts => {
  const language = requestLanguage(request);
  const t = (key: string) => request.server.translator.t(language, `packages:export.${key}`);
  return { proxy: t('proxy'), list: t('list'), report: t('report') };
};

/** Proxy lists of dynamic packages, their location options and the generator (decision 116). */
export const proxyListsRoutes: RoutesPlugin = (app, _options, done) => {
  const userOf = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

  addRoute(app, endpoints.listProxyLists, guard, async (request) =>
    listProxyLists(app.db, userOf(request), request.params.id, {
      ...request.query,
      filters: {},
    }),
  );
  addRoute(app, endpoints.createProxyList, guard, async (request) => ({
    success: true as const,
    list_id: await createProxyList(
      app.db,
      userOf(request),
      request.params.id,
      request.body,
      app.config.GATEWAY_LIST_PORTS,
    ),
  }));
  addRoute(app, endpoints.renameProxyList, guard, async (request) => {
    await renameProxyList(
      app.db,
      userOf(request),
      request.params.id,
      request.params.listId,
      request.body.name,
    );
    return { success: true as const };
  });
  addRoute(app, endpoints.deleteProxyList, guard, async (request) => {
    await deleteProxyList(app.db, userOf(request), request.params.id, request.params.listId);
    return { success: true as const };
  });
  addRoute(app, endpoints.getProxyListContents, guard, async (request) => ({
    success: true as const,
    message: '',
    list: await getProxyListContents(app.db, userOf(request), request.params, printContextOf(app)),
  }));

  addRoute(app, endpoints.listLocationCountries, guard, async () => listLocationCountries(app.db));
  addRoute(app, endpoints.listLocationRegions, guard, async (request) =>
    listLocationRegions(app.db, request.query),
  );
  addRoute(app, endpoints.listLocationCities, guard, async (request) =>
    listLocationCities(app.db, request.query),
  );
  addRoute(app, endpoints.listLocationIsps, guard, async (request) =>
    listLocationIsps(app.db, request.query),
  );
  addRoute(app, endpoints.listPremiumLocations, guard, async (request) =>
    listPremiumLocations(app.db, requestLanguage(request)),
  );
  addRoute(app, endpoints.generateProxies, guard, async (request) => ({
    success: true as const,
    list: await generateProxies(
      app.db,
      userOf(request),
      request.params.id,
      request.body,
      printContextOf(app),
    ),
  }));

  addRoute(app, endpoints.exportProxyList, guard, async (request, reply) => {
    const { fileType, ...address } = request.params;
    const printable = await findPrintableList(
      app.db,
      userOf(request),
      address,
      printContextOf(app),
    );
    const table = proxyListExport(printable, exportTexts(request));
    return sendExport(reply, fileType, printable.list.name, table);
  });
  addRoute(app, endpoints.exportProxyLists, guard, async (request, reply) => {
    const { format, lists } = request.query;
    const printable = await findPrintableLists(
      app.db,
      userOf(request),
      lists.map((list) => ({ packageKey: list.package_key, id: list.id, name: list.name })),
      printContextOf(app),
    );
    return sendExport(reply, format, 'report', proxyListsReport(printable, exportTexts(request)));
  });
  done();
};
