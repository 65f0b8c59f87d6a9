import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { I18N_NAMESPACES, LANGUAGES } from '@proxy/contract';
import { AppError } from '../lib/app-error.ts';
import { sendError } from './error-handler.ts';

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const wantsHtml = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
};

/**
 * Serves the built SPA at / with an index.html fallback for client-side routes, the
 * translation files at /locales/{lng}/{ns}.json, and the JSON 404 for everything else.
 * Without a build (tests, API-only runs) the API still works and / explains itself.
 */
export const staticPlugin = fp(
  async (app) => {
    const distDir = app.config.WEB_DIST_DIR;
    const hasDist = existsSync(path.join(distDir, 'index.html'));

    const localeRoots = [path.join(distDir, 'locales'), app.config.LOCALES_DIR];
    app.get<{ Params: { lng: string; ns: string } }>(
      '/locales/:lng/:ns',
      async (request, reply) => {
        const { lng, ns } = request.params;
        const namespace = ns.endsWith('.json') ? ns.slice(0, -5) : '';
        if (
          !(LANGUAGES as readonly string[]).includes(lng) ||
          !(I18N_NAMESPACES as readonly string[]).includes(namespace)
        ) {
          throw new AppError('NOT_FOUND');
        }
        for (const root of localeRoots) {
          const file = path.join(root, lng, `${namespace}.json`);
          if (!existsSync(file)) continue;
          // Clients add ?v=<version>: a short cache is safe and a deploy is picked up quickly.
          return reply
            .header('cache-control', 'public, max-age=300')
            .type('application/json; charset=utf-8')
            .send(await readFile(file));
        }
        throw new AppError('NOT_FOUND');
      },
    );

    if (hasDist) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: true,
        index: false,
        // The web build writes .br and .gz beside every asset: serve them to clients
        // that accept them instead of compressing on each request.
        preCompressed: true,
        // Our setHeaders decides caching; the plugin's default would overwrite it.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Vite fingerprints /assets/* file names: they can be cached forever.
          const relative = path.relative(distDir, filePath);
          if (relative.startsWith(`assets${path.sep}`))
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          else res.setHeader('cache-control', 'no-cache');
        },
      });
    } else {
      app.get('/', async (_request, reply) =>
        reply.code(503).send({
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          message: `The web app is not built (${distDir} is missing): run \`npm run build\` first. The API is available under /api.`,
        }),
      );
    }

    const sendIndex = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
    if (hasDist) app.get('/', (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler(async (request, reply) => {
      if (
        hasDist &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(request.url) &&
        wantsHtml(request)
      ) {
        return sendIndex(reply);
      }
      return sendError(reply, request, new AppError('NOT_FOUND'));
    });
  },
  { name: 'static', dependencies: ['database', 'error-handler'] },
);
