import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import {
  ACCESS_TOKEN_COOKIE,
  I18N_NAMESPACES,
  LANGUAGE_COOKIE,
  LANGUAGES,
  isLanguage,
  languageOfCode,
} from '@proxy/contract';
import { AppError } from '../lib/app-error.ts';
import { sendError } from './error-handler.ts';
import { loadSignedInScreens } from './signed-in-screens.ts';

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

// Clients add ?v=<version> to translation files: a short cache is safe and a deploy is picked up
// quickly.
const LOCALES_CACHE = 'public, max-age=300';

/**
 * The web build writes one HTML document per group of screens, each preloading its first
 * screen (apps/web/vite.config.ts, preloadDocuments): screens/<path>.html for a cabinet screen
 * a visit often starts on (apps/web/src/app/screen-documents.ts), screens/<path>.<language>.html
 * for a guest screen drawn at build time in that language, cabinet.html for the rest of the
 * signed-in cabinet, index.html for everything else.
 */
const CABINET_DOCUMENT = 'cabinet.html';
const SCREEN_DOCUMENTS_DIR = 'screens';
const pathnameOf = (url: string) => url.split('?')[0] ?? url;
const isCabinetPath = (pathname: string) =>
  pathname === '/cabinet' || pathname.startsWith('/cabinet/');

type ScreenDocuments = {
  /** By the URL path each serves (`/cabinet/profile`). */
  screens: Map<string, string>;
  /** By the URL path, then the language it is drawn in (`/login` -> `ru`). */
  prerendered: Map<string, Map<string, string>>;
};

/** The screen documents of a build: `profile.html` serves a path, `login.ru.html` a language. */
const screenDocuments = async (distDir: string): Promise<ScreenDocuments> => {
  const found: ScreenDocuments = { screens: new Map(), prerendered: new Map() };
  const dir = path.join(distDir, SCREEN_DOCUMENTS_DIR);
  if (!existsSync(dir)) return found;
  for (const file of await readdir(dir, { recursive: true })) {
    if (!file.endsWith('.html')) continue;
    const name = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`;
    const served = path.join(SCREEN_DOCUMENTS_DIR, file);
    const language = path.extname(name).slice(1);
    if (!isLanguage(language)) {
      found.screens.set(name, served);
      continue;
    }
    const pathname = name.slice(0, -(language.length + 1));
    const languages = found.prerendered.get(pathname) ?? new Map<string, string>();
    found.prerendered.set(pathname, languages.set(language, served));
  }
  return found;
};

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

    const distLocales = path.join(distDir, 'locales');
    const localeRoots = [distLocales, app.config.LOCALES_DIR];
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
          // The build's copy goes through @fastify/static: its .br/.gz beside it are sent to
          // clients that accept them (setHeaders below sets the cache).
          if (hasDist && root === distLocales)
            return reply.sendFile(path.relative(distDir, file), distDir);
          return reply
            .header('cache-control', LOCALES_CACHE)
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
        // that accept them instead of compressing on each request. The plugin then answers
        // `Vary: accept-encoding`, so shared caches key on the encoding.
        preCompressed: true,
        // setHeaders below decides caching, not the plugin's default max-age.
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          // Vite fingerprints /assets/* file names: they can be cached forever.
          const relative = path.relative(distDir, filePath);
          if (relative.startsWith(`assets${path.sep}`))
            void reply.header('cache-control', 'public, max-age=31536000, immutable');
          else if (relative.startsWith(`locales${path.sep}`))
            void reply.header('cache-control', LOCALES_CACHE);
          else void reply.header('cache-control', 'no-cache');
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

    const hasCabinetDocument = existsSync(path.join(distDir, CABINET_DOCUMENT));
    const { screens, prerendered } = hasDist
      ? await screenDocuments(distDir)
      : { screens: new Map<string, string>(), prerendered: new Map<string, Map<string, string>>() };
    /**
     * A guest screen drawn in the visitor's language (the cookie the web app keeps beside local
     * storage); a visitor with a session gets the plain document, since the app sends them on.
     */
    const prerenderedFor = (request: FastifyRequest, pathname: string) => {
      const languages = prerendered.get(pathname);
      if (!languages) return undefined;
      // The cookie plugin runs on the Google routes only (app.ts): the header is read here.
      const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
      if (cookies[ACCESS_TOKEN_COOKIE]) return undefined;
      return languages.get(languageOfCode(cookies[LANGUAGE_COOKIE]));
    };
    const signedInScreens = hasDist
      ? await loadSignedInScreens({
          distDir,
          screens,
          db: app.db,
          dataKey: app.config.DATA_ENCRYPTION_KEY,
          log: app.log,
        })
      : undefined;
    const screenPathOf = (request: FastifyRequest) =>
      pathnameOf(request.url).replace(/(.)\/+$/, '$1');
    const documentFor = (request: FastifyRequest) => {
      const pathname = screenPathOf(request);
      const screen = screens.get(pathname) ?? prerenderedFor(request, pathname);
      if (screen) return screen;
      return hasCabinetDocument && isCabinetPath(pathname) ? CABINET_DOCUMENT : 'index.html';
    };
    /** A signed-in screen drawn with the session's profile, when the visitor has a session. */
    const drawnFor = async (request: FastifyRequest) => {
      const pathname = screenPathOf(request);
      if (!signedInScreens?.draws(pathname)) return undefined;
      const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
      const token = cookies[ACCESS_TOKEN_COOKIE];
      if (!token) return undefined;
      return signedInScreens.draw(
        pathname,
        request.url,
        token,
        languageOfCode(cookies[LANGUAGE_COOKIE]),
      );
    };
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      // The document depends on the session and language cookies.
      void reply.header('vary', 'cookie');
      const drawn = await drawnFor(request);
      if (drawn !== undefined)
        // It holds the visitor's own data: kept by no cache, shared or not.
        return reply
          .header('cache-control', 'private, no-store')
          .type('text/html; charset=utf-8')
          .send(drawn);
      return reply.header('cache-control', 'no-cache').sendFile(documentFor(request), distDir);
    };
    if (hasDist) app.get('/', (request, reply) => sendIndex(request, reply));

    app.setNotFoundHandler(async (request, reply) => {
      if (
        hasDist &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(request.url) &&
        wantsHtml(request)
      ) {
        return sendIndex(request, reply);
      }
      return sendError(reply, request, new AppError('NOT_FOUND'));
    });
  },
  { name: 'static', dependencies: ['database', 'error-handler'] },
);
