import { describe, expect, it, vi } from 'vitest';
import type { Rollup } from 'vite';
import {
  preloadDocuments,
  preloadTags,
  staticClosure,
  styleHash,
  type RenderScreen,
} from './preload-documents';

const chunk = (
  fileName: string,
  imports: string[],
  moduleIds: string[],
  css: string[] = [],
): Rollup.OutputChunk =>
  ({
    type: 'chunk',
    fileName,
    imports,
    moduleIds,
    facadeModuleId: moduleIds.at(-1) ?? null,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

const html =
  '<html><head><script type="module" crossorigin src="/assets/index.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/react.js"></head><body></body></html>';

const bundle = (): Rollup.OutputBundle => ({
  'index.html': { type: 'asset', fileName: 'index.html', source: html } as Rollup.OutputAsset,
  'assets/index.js': chunk('assets/index.js', ['assets/react.js'], ['/app/src/main.tsx']),
  'assets/react.js': chunk('assets/react.js', [], ['/app/node_modules/react/index.js']),
  // A code-splitting group: the auth layout and the login route share one chunk.
  'assets/login-screen.js': chunk(
    'assets/login-screen.js',
    ['assets/form.js', 'assets/react.js'],
    ['/app/src/app/layouts/auth-layout.tsx', '/app/src/app/routes/login.tsx'],
    ['assets/login-screen.css'],
  ),
  'assets/form.js': chunk('assets/form.js', [], ['/app/src/form.ts'], ['assets/form.css']),
  'assets/cabinet.js': chunk(
    'assets/cabinet.js',
    ['assets/form.js', 'assets/index.js'],
    ['/app/src/app/layouts/cabinet/cabinet-layout.tsx'],
    ['assets/cabinet.css'],
  ),
});

const login = {
  fileName: 'index.html',
  routeModules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login.tsx'],
  translationUrls: ['/locales/en/base.json?v=1', '/locales/en/auth.json?v=1'],
};
const cabinet = {
  fileName: 'cabinet.html',
  routeModules: ['src/app/layouts/cabinet/cabinet-layout.tsx'],
  translationUrls: ['/locales/en/base.json?v=1'],
};

const START_FILE = 'assets/start-after-paint.js';

/** Runs the plugin's hooks as the build does; the start script's chunk gets START_FILE. */
const generate = async (
  plugin: ReturnType<typeof preloadDocuments>,
  emitFile: (file: unknown) => unknown,
  output: Rollup.OutputBundle,
) => {
  const context = {
    emitFile: (file: unknown) => emitFile(file) ?? 'reference',
    getFileName: () => START_FILE,
  };
  (plugin.buildStart as (this: unknown) => void).call(context);
  await (
    plugin.generateBundle as (
      this: unknown,
      options: unknown,
      b: Rollup.OutputBundle,
    ) => Promise<void>
  ).call(context, {}, output);
};

describe('preloadDocuments', () => {
  it('collects a chunk with the chunks it imports statically', () => {
    const output = bundle();
    const start = output['assets/login-screen.js'] as Rollup.OutputChunk;
    expect(staticClosure(output, [start]).map((c) => c.fileName)).toEqual([
      'assets/login-screen.js',
      'assets/form.js',
      'assets/react.js',
    ]);
  });

  it('preloads the translations, the chunks holding the route modules and their CSS, not what the HTML has', () => {
    expect(preloadTags(bundle(), html, login)).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/locales/en/base.json?v=1">',
      '<link rel="preload" as="fetch" crossorigin href="/locales/en/auth.json?v=1">',
      '<link rel="modulepreload" crossorigin href="/assets/login-screen.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/login-screen.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/form.css">',
    ]);
    expect(() =>
      preloadTags(bundle(), html, { ...login, routeModules: ['src/app/routes/missing.tsx'] }),
    ).toThrow(/no chunk for src\/app\/routes\/missing.tsx/);
  });

  it('writes index.html and each other document with its own preloads', async () => {
    const output = bundle();
    const emitFile = vi.fn();
    await generate(preloadDocuments([login, cabinet]), emitFile, output);

    const index = String((output['index.html'] as Rollup.OutputAsset).source);
    expect(index).toContain('href="/assets/login-screen.js"');
    expect(index).not.toContain('cabinet');
    expect(emitFile).toHaveBeenCalledTimes(1);
    const [emitted] = emitFile.mock.calls[0] as [{ fileName: string; source: string }];
    expect(emitted.fileName).toBe('cabinet.html');
    expect(emitted.source).toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(emitted.source).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/cabinet.js">',
    );
    expect(emitted.source).toContain('href="/assets/cabinet.css"');
    expect(emitted.source).not.toContain('login-screen');
    // The entry is linked already: not preloaded a second time.
    expect(emitted.source.match(/\/assets\/index\.js/g)).toHaveLength(1);
  });

  it("draws a prerendered screen into its document with its styles inline and the app's files held until it paints", async () => {
    const output = bundle();
    const css = '.auth{display:grid}';
    output['index.html'] = {
      type: 'asset',
      fileName: 'index.html',
      source: html.replace(
        '</head><body></body>',
        '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body>',
      ),
    } as Rollup.OutputAsset;
    output['assets/index.css'] = {
      type: 'asset',
      fileName: 'assets/index.css',
      source: css,
    } as Rollup.OutputAsset;
    const emitFile = vi.fn();
    const renderScreen = vi.fn<RenderScreen>((url, language) =>
      Promise.resolve(`<h1>${url} ${language}</h1>`),
    );
    await generate(
      preloadDocuments(
        [
          login,
          {
            ...login,
            fileName: 'screens/login.ru.html',
            prerender: { url: '/login', language: 'ru' },
          },
        ],
        renderScreen,
      ),
      emitFile,
      output,
    );
    expect(renderScreen).toHaveBeenCalledWith('/login', 'ru');
    const emitted = emitFile.mock.calls.map(
      ([file]) => file as { fileName?: string; source: string },
    );
    const drawn = emitted.find((file) => file.fileName === 'screens/login.ru.html')?.source ?? '';
    expect(drawn).toContain('<html lang="ru"');
    expect(drawn).toContain('<div id="root" data-prerendered="ru"><h1>/login ru</h1></div>');
    expect(drawn).toContain(`<style>${css}</style>`);
    expect(drawn).not.toContain('href="/assets/index.css"');
    // The start script is the one file fetched before the paint; the app's wait in the template.
    const [head, template] = drawn.split('<template>');
    expect(head).toContain(`<script type="module" crossorigin src="/${START_FILE}"></script>`);
    expect(head).not.toMatch(/index\.js|login-screen\.js|\/locales\//);
    expect(template).toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(template).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-screen.js">',
    );
    expect(template).toContain('<link rel="preload" as="fetch" crossorigin href="/locales/');
    expect(emitFile).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'chunk', name: 'start-after-paint' }),
    );
    // The route's own stylesheet is linked as a stylesheet (no preload that applies later).
    expect(drawn).not.toContain('as="style"');
    // The plain index.html is not drawn into.
    expect(String(output['index.html'].source)).toContain('<div id="root"></div>');
    const hashes = JSON.parse(
      emitted.find((file) => file.fileName === 'inline-styles.json')?.source ?? '{}',
    ) as { 'style-src': string[] };
    expect(hashes['style-src']).toContain(styleHash(css));
  });
});
