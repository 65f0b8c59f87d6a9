import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { preloadFirstScreen, staticClosure } from './preload-first-screen';

const chunk = (
  fileName: string,
  imports: string[],
  facadeModuleId: string | null,
  css: string[] = [],
) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    facadeModuleId,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

const bundle: Rollup.OutputBundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js'], '/app/src/main.tsx'),
  'assets/react.js': chunk('assets/react.js', [], null),
  'assets/login.js': chunk(
    'assets/login.js',
    ['assets/form.js', 'assets/react.js'],
    '/app/src/app/routes/login.tsx',
  ),
  'assets/form.js': chunk('assets/form.js', [], null, ['assets/form.css']),
  'assets/buy.js': chunk('assets/buy.js', ['assets/react.js'], '/app/src/app/routes/buy.tsx'),
};

describe('preloadFirstScreen', () => {
  it('collects a route chunk with the chunks it imports statically', () => {
    const login = bundle['assets/login.js'] as Rollup.OutputChunk;
    expect(staticClosure(bundle, [login]).map((c) => c.fileName)).toEqual([
      'assets/login.js',
      'assets/form.js',
      'assets/react.js',
    ]);
  });

  it('adds preloads for the route chunks, their CSS and the translations, not what index.html has', () => {
    const plugin = preloadFirstScreen({
      routeModules: ['src/app/routes/login.tsx'],
      translationUrls: ['/locales/en/base.json?v=1'],
    });
    const hook = plugin.transformIndexHtml as {
      handler: (html: string, ctx: unknown) => { tags: { attrs: Record<string, unknown> }[] };
    };
    const html = '<link rel="modulepreload" crossorigin href="/assets/react.js">';
    const { tags } = hook.handler(html, { bundle, path: '/index.html', filename: 'index.html' });
    expect(tags.map((tag) => [tag.attrs.rel, tag.attrs.href])).toEqual([
      ['preload', '/locales/en/base.json?v=1'],
      ['modulepreload', '/assets/login.js'],
      ['modulepreload', '/assets/form.js'],
      ['preload', '/assets/form.css'],
    ]);
    expect(() =>
      hook.handler(html, { bundle: { 'assets/index.js': bundle['assets/index.js'] } }),
    ).toThrow(/no chunk for src\/app\/routes\/login.tsx/);
  });
});
