import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export type FirstScreenOptions = {
  /** Source files (path suffixes) of the lazy route chunks the first screen needs. */
  routeModules: string[];
  /** Translation files every screen reads (`/locales/en/base.json?v=..`). */
  translationUrls: string[];
};

/** The chunks `entries` load statically (themselves included), in load order. */
export const staticClosure = (bundle: OutputBundle, entries: OutputChunk[]): OutputChunk[] => {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  entries.forEach(visit);
  return [...seen.values()];
};

/**
 * Build only: index.html starts the first screen's requests itself instead of waiting for the
 * entry to run. The translation files are fetched by every screen (the fallback language's
 * files always are); the lazy chunks of the given routes (the login screen, where a visit
 * starts) get a modulepreload next to the entry's, and their CSS a preload.
 */
export const preloadFirstScreen = (options: FirstScreenOptions): Plugin => {
  let base = '/';
  return {
    name: 'preload-first-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const routeChunks = options.routeModules.map((suffix) => {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(suffix));
          if (!chunk) throw new Error(`preload-first-screen: no chunk for ${suffix}`);
          return chunk;
        });
        const tags: HtmlTagDescriptor[] = options.translationUrls.map((href) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href },
          injectTo: 'head',
        }));
        const closure = staticClosure(bundle, routeChunks);
        const linked = (href: string) => html.includes(`"${href}"`);
        for (const href of closure
          .map((chunk) => `${base}${chunk.fileName}`)
          .filter((h) => !linked(h)))
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head',
          });
        const styles = new Set(
          closure.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
        );
        for (const href of [...styles].map((css) => `${base}${css}`).filter((h) => !linked(h)))
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href },
            injectTo: 'head',
          });
        return { html, tags };
      },
    },
  };
};
