import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { WEB_INLINE_STYLES_FILE } from '../../../packages/contract/src/app/app.constants.ts';
import {
  EMPTY_ROOT,
  ON_REQUEST_ROOT,
  asDrawnDocument,
  withDrawnScreen,
} from '../src/app/drawn-document.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** What a drawn document runs first (asDrawnDocument). */
const START_MODULE = path.resolve(import.meta.dirname, '../src/app/start-after-paint.ts');

export type DocumentPreloads = {
  /** The HTML file the server sends for a group of URLs (`index.html`, `cabinet.html`). */
  fileName: string;
  /** Source files (path suffixes) of the lazy route modules its first screen renders. */
  routeModules: string[];
  /** Translation files its first screen reads (`/locales/en/base.json?v=..`). */
  translationUrls: string[];
  /**
   * A guest screen drawn into the document at build time (the browser hydrates it): its URL
   * and language. Its CSS is then linked as stylesheets, so the drawn screen paints styled.
   */
  prerender?: { url: string; language: string };
  /**
   * A signed-in screen the server draws on each request with the session's data (src/app/
   * prerender.tsx): styled and scheduled like a prerendered one, its root left for the server.
   */
  drawnOnRequest?: boolean;
};

/** Draws the screen at `url` in `language` (the build's SSR bundle, src/app/prerender.tsx). */
export type RenderScreen = (url: string, language: string) => Promise<string>;

const isDrawn = (document: DocumentPreloads): boolean =>
  document.prerender !== undefined || document.drawnOnRequest === true;

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
  // A drawn screen needs its styles before it paints; otherwise they only start loading early
  // and apply when the chunk that imports them runs.
  const styleTag = isDrawn(document)
    ? (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`
    : (href: string) => `<link rel="preload" as="style" crossorigin href="${href}">`;
  return [
    ...document.translationUrls.map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`,
    ),
    ...unlinked(closure.map((chunk) => `${base}${chunk.fileName}`)).map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    ),
    ...unlinked(styles.map((css) => `${base}${css}`)).map(styleTag),
  ];
};

/** A CSP source for an inline `<style>` element holding `css`. */
export const styleHash = (css: string): string =>
  `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * `html` with each stylesheet it links from the build written into a `<style>` element: a
 * drawn screen then paints with the document, before any other file has arrived. Returns the
 * CSP hashes of those elements (the server allows exactly these, apps/api/src/plugins/
 * security-headers.ts).
 */
export const inlineStylesheets = (
  html: string,
  bundle: OutputBundle,
  base = '/',
): { html: string; hashes: string[] } => {
  const hashes: string[] = [];
  const inlined = html.replace(
    /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
    (tag, href: string) => {
      const asset = href.startsWith(base) ? bundle[href.slice(base.length)] : undefined;
      if (asset?.type !== 'asset') return tag;
      const css = String(asset.source);
      if (css.includes('</style')) throw new Error(`preload-documents: ${href} closes a <style>`);
      hashes.push(styleHash(css));
      return `<style>${css}</style>`;
    },
  );
  return { html: inlined, hashes };
};

/**
 * Build only: writes one HTML document per group of screens from the built index.html, each
 * with the preloads of its own first screen (the SPA is the same; the server picks the document
 * by URL). Every document also keeps what index.html links: the entry, its chunks and its CSS.
 */
export const preloadDocuments = (
  documents: DocumentPreloads[],
  renderScreen?: RenderScreen,
): Plugin => {
  let base = '/';
  let startReference: string | undefined;
  return {
    name: 'preload-documents',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      if (documents.some(isDrawn))
        startReference = this.emitFile({
          type: 'chunk',
          id: START_MODULE,
          name: 'start-after-paint',
        });
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('preload-documents: no index.html in the build');
      const html = String(index.source);
      const startFile = startReference === undefined ? undefined : this.getFileName(startReference);
      const startChunk = startFile === undefined ? undefined : bundle[startFile];
      // The start script is all a drawn document fetches before it paints: it must stay alone.
      if (startChunk?.type === 'chunk' && startChunk.imports.length > 0)
        throw new Error(`preload-documents: ${startFile} imports ${startChunk.imports.join(', ')}`);
      const styleHashes = new Set<string>();
      for (const document of documents) {
        const tags = preloadTags(bundle, html, document, base);
        let source = html.replace(
          '</head>',
          `${tags.map((tag) => `  ${tag}\n`).join('')}  </head>`,
        );
        if (isDrawn(document)) {
          const inlined = inlineStylesheets(source, bundle, base);
          inlined.hashes.forEach((hash) => styleHashes.add(hash));
          if (startFile === undefined) throw new Error('preload-documents: no start script');
          source = asDrawnDocument(inlined.html, {
            root: document.drawnOnRequest ? ON_REQUEST_ROOT : EMPTY_ROOT,
            startScript: `${base}${startFile}`,
          });
        }
        if (document.prerender) {
          if (!renderScreen)
            throw new Error(`preload-documents: nothing draws ${document.fileName}`);
          const { url, language } = document.prerender;
          source = withDrawnScreen(source, await renderScreen(url, language), { language });
        }
        if (document.fileName === 'index.html') index.source = source;
        else this.emitFile({ type: 'asset', fileName: document.fileName, source });
      }
      if (documents.some(isDrawn))
        this.emitFile({
          type: 'asset',
          fileName: WEB_INLINE_STYLES_FILE,
          source: `${JSON.stringify({ 'style-src': [...styleHashes].sort() }, null, 2)}\n`,
        });
    },
  };
};
