/**
 * The HTML document of a screen drawn before the browser runs the app: at build time for a
 * guest (the build's prerender) or on request for a signed-in visitor (the server, through
 * src/app/prerender.tsx). The browser hydrates what is drawn (main.tsx). Pure string work:
 * the build, the server and the browser read the same markers.
 */

/** The empty root of index.html that a drawing fills. */
export const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The root of a document the server draws on each request (a signed-in screen whose data it
 * reads with the session); sent as it is, the browser draws the screen itself.
 */
export const ON_REQUEST_ROOT = '<div id="root" data-draw="on-request"></div>';

/** The element holding the query cache a signed-in drawing was made with (JSON, not a script). */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

/** `data-session` of a root drawn for a signed-in visitor. */
export const SIGNED_IN_SESSION = 'signed-in';

/** The app's scripts and the files they preload (translations, chunks), as the build links them. */
const APP_FILE_TAGS =
  /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|preload" as="fetch)"[^>]*>/g;

/**
 * A document whose screen is drawn: the screen needs none of the app's files to paint (they make
 * it interactive), so they wait in the head's one `<template>`, which `startScript` (src/app/
 * start-after-paint.ts, the one script the document runs) moves into the page after the first
 * contentful paint.
 */
export const asDrawnDocument = (
  html: string,
  { root = EMPTY_ROOT, startScript }: { root?: string; startScript: string },
): string => {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`drawn-document: no ${EMPTY_ROOT} in the HTML`);
  const appFiles = html.match(APP_FILE_TAGS) ?? [];
  if (!appFiles.some((tag) => tag.startsWith('<script')))
    throw new Error('drawn-document: no module script in the HTML');
  const start =
    `<script type="module" crossorigin src="${startScript}"></script>\n` +
    `    <template>${appFiles.join('')}</template>\n  </head>`;
  return html
    .replace(APP_FILE_TAGS, '')
    .replace('</head>', () => start)
    .replace(EMPTY_ROOT, () => root);
};

/**
 * JSON that stays data inside a `<script type="application/json">` element: `<` is written as
 * its escape, so no value can close the element or open a comment.
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * `html` (from asDrawnDocument) with `screen` drawn into its root, marked with the language it is
 * drawn in; a signed-in drawing also carries the query cache it was drawn from, which the browser
 * starts with so that its first render draws the same.
 */
export const withDrawnScreen = (
  html: string,
  screen: string,
  { language, queryState }: { language: string; queryState?: unknown },
): string => {
  const root = [EMPTY_ROOT, ON_REQUEST_ROOT].find((candidate) => html.includes(candidate));
  if (!root) throw new Error('drawn-document: no empty root in the HTML');
  const session = queryState === undefined ? '' : ` data-session="${SIGNED_IN_SESSION}"`;
  const state =
    queryState === undefined
      ? ''
      : `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptSafeJson(queryState)}</script>`;
  return html
    .replace(/<html(?: lang="[^"]*")?/, `<html lang="${language}"`)
    .replace(
      root,
      () => `<div id="root" data-prerendered="${language}"${session}>${screen}</div>${state}`,
    );
};

/** Whether the server draws `html` on each request for a signed-in visitor. */
export const isDrawnOnRequest = (html: string): boolean => html.includes(ON_REQUEST_ROOT);
