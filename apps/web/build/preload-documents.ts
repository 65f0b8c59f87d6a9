import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export type DocumentPreloads = {
  /** The HTML file the server sends for a group of URLs (`index.html`, `cabinet.html`). */
  fileName: string;
  /** Source files (path suffixes) of the lazy route modules its first screen renders. */
  routeModules: string[];
  /** Translation files its first screen reads (`/locales/en/base.json?v=..`). */
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
 * The `<link>` tags that start a document's first-screen requests with the HTML instead of after
 * the entry has run: the translation files, then the chunks holding its route modules with what
 * they import (modulepreload) and their CSS (preload). What `html` already links is left out.
 */
export const preloadTags = (
  bundle: OutputBundle,
  html: string,
  document: DocumentPreloads,
  base = '/',
): string[] => {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  // A route module can share its chunk with others (a code-splitting group): look it up by the
  // modules a chunk holds, not by the chunk's own entry module.
  const routeChunks = document.routeModules.map((suffix) => {
    const chunk = chunks.find((item) => item.moduleIds.some((id) => id.endsWith(suffix)));
    if (!chunk) throw new Error(`preload-documents: no chunk for ${suffix}`);
    return chunk;
  });
  const closure = staticClosure(bundle, routeChunks);
  const linked = (href: string) => html.includes(`"${href}"`);
  const unlinked = (hrefs: string[]) => [...new Set(hrefs)].filter((href) => !linked(href));
  const styles = closure.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
  return [
    ...document.translationUrls.map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`,
    ),
    ...unlinked(closure.map((chunk) => `${base}${chunk.fileName}`)).map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    ),
    ...unlinked(styles.map((css) => `${base}${css}`)).map(
      (href) => `<link rel="preload" as="style" crossorigin href="${href}">`,
    ),
  ];
};

/**
 * Build only: writes one HTML document per group of screens from the built index.html, each
 * with the preloads of its own first screen (the SPA is the same; the server picks the document
 * by URL). Every document also keeps what index.html links: the entry, its chunks and its CSS.
 */
export const preloadDocuments = (documents: DocumentPreloads[]): Plugin => {
  let base = '/';
  return {
    name: 'preload-documents',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('preload-documents: no index.html in the build');
      const html = String(index.source);
      for (const document of documents) {
        const tags = preloadTags(bundle, html, document, base);
        const source = html.replace(
          '</head>',
          `${tags.map((tag) => `  ${tag}\n`).join('')}  </head>`,
        );
        if (document.fileName === 'index.html') index.source = source;
        else this.emitFile({ type: 'asset', fileName: document.fileName, source });
      }
    },
  };
};
