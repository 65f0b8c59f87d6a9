import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import {
  APP_VERSION,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  WEB_RENDERER_DIR,
  WEB_RENDERER_FILE,
  type I18nNamespace,
} from '../../packages/contract/src/app/app.constants.ts';
import { noChunkCyclesPlugin } from './build/chunk-cycles.ts';
import { preloadDocuments, type RenderScreen } from './build/preload-documents.ts';
import {
  CABINET_SCREEN_DOCUMENTS,
  PRERENDERED_SCREENS,
  prerenderedDocumentFile,
  screenDocumentFile,
} from './src/app/screen-documents.ts';
import { stripEndpointSchemasPlugin } from './build/strip-endpoint-schemas.ts';

/** Writes .gz and .br next to every text asset so a static server can send them precompressed. */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  async writeBundle(options) {
    const dir = options.dir ?? 'dist';
    const files = await readdir(dir, { recursive: true });
    await Promise.all(
      files
        .filter((file) => /\.(js|css|html|json|svg)$/.test(file))
        .map(async (file) => {
          const full = path.join(dir, file);
          const data = await readFile(full);
          if (data.length < 1024) return;
          await writeFile(`${full}.gz`, gzipSync(data, { level: 9 }));
          await writeFile(
            `${full}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
    );
  },
});

/** A screen's translation files: its language's and the fallback's, which i18next also reads. */
const translationUrls = (namespaces: I18nNamespace[], language = FALLBACK_LANGUAGE) =>
  [...new Set([language, FALLBACK_LANGUAGE])].flatMap((lng) =>
    namespaces.map((ns) => `/locales/${lng}/${ns}.json?v=${APP_VERSION}`),
  );

/**
 * The Node bundle of src/app/prerender.tsx: `npm run build` writes it before the SPA's build,
 * which draws the guest screens with it; the server draws signed-in screens with it.
 */
const RENDERER_DIR = path.resolve(import.meta.dirname, WEB_RENDERER_DIR);

const renderScreen: RenderScreen = async (url, language) => {
  const bundle = path.join(RENDERER_DIR, WEB_RENDERER_FILE);
  const renderer = (await import(pathToFileURL(bundle).href)) as {
    readTranslations: (localesDir: string) => Promise<unknown>;
    renderScreen: (url: string, language: string, translations: unknown) => Promise<string>;
  };
  const translations = await renderer.readTranslations(
    path.resolve(import.meta.dirname, 'public/locales'),
  );
  return renderer.renderScreen(url, language, translations);
};

// VITE_API_BASE is read at build time (default `/api`) so the SPA can target a separate API host.
// The dev server proxies `/api` only; translations are served from public/locales.
export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const define = {
    'import.meta.env.VITE_API_BASE': JSON.stringify(env.VITE_API_BASE ?? '/api'),
  };
  // `vite build --ssr src/app/prerender.tsx`: the prerender's bundle for Node, read by the SPA's
  // build below.
  if (isSsrBuild)
    return {
      plugins: [stripEndpointSchemasPlugin(), react()],
      define,
      publicDir: false,
      build: {
        outDir: RENDERER_DIR,
        emptyOutDir: true,
        target: 'node24',
        rollupOptions: { checks: { bundlerTimings: false } },
      },
    };
  return {
    plugins: [
      // Production bundles carry no zod schema of the contract's endpoints (see the plugin).
      stripEndpointSchemasPlugin(),
      react(),
      // The server sends index.html for the guest screens (a visit starts at /login) and
      // cabinet.html under /cabinet: each starts its first screen's chunks and translation files
      // with the HTML. The fallback language's files are read whatever the language.
      preloadDocuments(
        [
          {
            fileName: 'index.html',
            routeModules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login.tsx'],
            translationUrls: translationUrls(['base', 'auth']),
          },
          {
            fileName: 'cabinet.html',
            routeModules: ['src/app/layouts/cabinet/cabinet-layout.tsx'],
            translationUrls: translationUrls(['base', 'auth', 'notifications']),
          },
          // The cabinet's own screens: the frame's files and the screen's (src/app/screen-documents.ts).
          ...CABINET_SCREEN_DOCUMENTS.map((screen) => ({
            fileName: screenDocumentFile(screen.path),
            routeModules: ['src/app/layouts/cabinet/cabinet-layout.tsx', screen.routeModule],
            translationUrls: translationUrls([
              'base',
              'auth',
              'notifications',
              ...screen.namespaces,
            ]),
            drawnOnRequest: screen.drawnOnRequest,
          })),
          // The guest screens a visit starts on, drawn in each language.
          ...PRERENDERED_SCREENS.flatMap((screen) =>
            LANGUAGES.map((language) => ({
              fileName: prerenderedDocumentFile(screen.path, language),
              routeModules: screen.routeModules,
              translationUrls: translationUrls(['base', ...screen.namespaces], language),
              prerender: { url: screen.path, language },
            })),
          ),
        ],
        renderScreen,
      ),
      precompress(),
      noChunkCyclesPlugin(),
    ],
    define,
    server: {
      proxy: {
        '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true },
      },
    },
    build: {
      target: 'es2022',
      cssCodeSplit: true,
      sourcemap: false,
      // Every supported browser has modulepreload: no polyfill in the entry.
      modulePreload: { polyfill: false },
      // Swagger UI ships as one pre-bundled file (about 1.5 MB minified) that only the API
      // documentation page fetches (decision 146); the limit sits just above it, so any other
      // chunk that grows that big still warns. What the first screen loads is budgeted by
      // `npm run bench:web` (decision 088).
      chunkSizeWarningLimit: 1600,
      rollupOptions: {
        // A slow machine made the bundler print a timings report on every build: npm start
        // should show the URL, not build diagnostics (warnings and errors still print).
        checks: { bundlerTimings: false },
        // The contract's modules are side-effect free: constants imported on the first screen
        // must not drag zod in (schemas are loaded with the forms that use them).
        treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
        output: {
          // Each screen stays a lazy chunk, but the first load is a few files rather than one per
          // shared module: over HTTP/1.1 every extra file of the first screen costs a round trip
          // on a slow phone network (docs/decisions/161).
          codeSplitting: {
            groups: [
              // security-boot must run before any other module of the app (it turns zod's eval
              // probe off before schemas are built and takes a Google return token out of the
              // address bar). Left in the entry chunk it would run after the chunks the entry
              // imports; as its own chunk it is the entry's first import. e2e security.spec.ts
              // fails on any CSP report.
              {
                name: 'security-boot',
                test: /src[\\/](app[\\/]security-boot|shared[\\/]session[\\/]google-return-token)\.ts$/,
                priority: 100,
              },
              // zod and the contract's schemas load with the forms that use them, split by the
              // screens that do. Taken before `initial`: the endpoint files the first screen
              // imports still import their schema files, and `initial` follows every import.
              // What only schemas import (the TRC-20 checksum) goes with them: left in a screen's
              // chunk it would make that chunk and the schemas' import each other (a cycle the
              // build refuses, build/chunk-cycles.ts).
              {
                name: 'validation',
                test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/](.+\.schemas|common[\\/](validation|money|sha256)|referral[\\/]trc20)\.ts$/,
                priority: 60,
                includeDependenciesRecursively: false,
                entriesAware: true,
              },
              // Everything main.tsx imports statically is one chunk (the entry): every screen
              // runs it. The drawn documents' start script is an entry of its own and stays alone
              // (build/preload-documents.ts).
              {
                name: 'initial',
                tags: ['$initial'],
                test: (id: string) => !id.endsWith('/src/app/start-after-paint.ts'),
                priority: 50,
              },
              // The login screen (where a visit starts) and the cabinet's frame: one chunk each,
              // preloaded by index.html and cabinet.html.
              {
                name: 'login-screen',
                test: /src[\\/]app[\\/](routes[\\/]login|layouts[\\/]auth-layout)\.tsx$/,
                priority: 40,
              },
              {
                name: 'cabinet',
                test: /src[\\/]app[\\/]layouts[\\/]cabinet[\\/]cabinet-layout\.tsx$/,
                priority: 30,
              },
            ],
          },
        },
      },
    },
  };
});
