/**
 * The web app's Node bundle (vite.config.ts builds it with `vite build --ssr`): draws a screen to
 * HTML the way the browser's first render draws it (main.tsx waits for the screen's chunks and
 * translations, so neither side shows a loader), and the browser hydrates that HTML instead of
 * drawing it again.
 *
 * - The build draws the guest screens (no session, cookies or storage) into their documents.
 * - The server draws a signed-in screen on each request with the session's profile
 *   (`drawSignedInDocument`), handing the browser the query cache it drew from.
 *
 * The app's query client, session store and i18next are one per process, as in the browser: one
 * drawing at a time holds them, and each leaves them empty for the next (`oneAtATime`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  I18N_NAMESPACES,
  LANGUAGES,
  type ProfileResponse,
} from '@proxy/contract';
import { profileQueryKey } from '../shared/api/profile-query-key';
import { I18N_OPTIONS } from '../shared/i18n/i18n';
import { useSessionStore } from '../shared/session/session-store';
import { AppFrame } from './app';
import { isDrawnOnRequest, withDrawnScreen } from './drawn-document';
import { queryClient } from './query-client';
import { AppRoutes, preloadRoutes, routes } from './router';

/** Every translation file under `localesDir` (`<language>/<namespace>.json`). */
export const readTranslations = async (localesDir: string): Promise<Resource> => {
  const read = async (language: string, ns: string): Promise<[string, unknown]> => [
    ns,
    JSON.parse(await readFile(path.join(localesDir, language, `${ns}.json`), 'utf8')),
  ];
  const byLanguage = await Promise.all(
    LANGUAGES.map(async (language): Promise<[string, Record<string, unknown>]> => [
      language,
      Object.fromEntries(await Promise.all(I18N_NAMESPACES.map((ns) => read(language, ns)))),
    ]),
  );
  return Object.fromEntries(byLanguage) as Resource;
};

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs drawings one after another: each holds the process's app state while it draws and leaves
 * it empty for the next. A query left in the cache would also keep its collection timer, which
 * holds the process (the build) open for minutes after its work is done.
 */
const oneAtATime = <T,>(draw: () => Promise<T>): Promise<T> => {
  const drawAndClear = async (): Promise<T> => {
    try {
      return await draw();
    } finally {
      queryClient.clear();
      useSessionStore.setState({ token: null });
    }
  };
  const next = queue.then(drawAndClear, drawAndClear);
  queue = next.catch(() => undefined);
  return next;
};

let started: Promise<unknown> | undefined;

const draw = async (url: string, language: string, translations: Resource): Promise<string> => {
  started ??= i18next.use(initReactI18next).init({
    ...I18N_OPTIONS,
    resources: translations,
    ns: Object.keys(translations[FALLBACK_LANGUAGE] ?? {}),
    lng: language,
  });
  await started;
  await i18next.changeLanguage(language);
  await preloadRoutes(routes, url);
  const { prelude } = await prerender(
    <StrictMode>
      <AppFrame>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppFrame>
    </StrictMode>,
    // Every boundary is written in place: React would write a large one after its fallback with
    // an inline script that moves it in, which the content security policy refuses (and a
    // browser without scripts would show the fallback).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
};

/** The HTML of the guest screen at `url` in `language`; `translations` holds every file. */
export const renderScreen = (url: string, language: string, translations: Resource) =>
  oneAtATime(() => draw(url, language, translations));

export type SignedInDrawing = {
  /** The document the build wrote for the screen (`isDrawnOnRequest`). */
  template: string;
  url: string;
  language: string;
  translations: Resource;
  /** The visitor's session token (the guards only ask whether there is one). */
  token: string;
  /** What GET /profile answers for that session. */
  profile: ProfileResponse;
};

/**
 * The document of a signed-in screen drawn with the session's profile, holding the query cache
 * the browser starts with; `undefined` when `template` is not drawn on request.
 */
export const drawSignedInDocument = (drawing: SignedInDrawing): Promise<string | undefined> => {
  if (!isDrawnOnRequest(drawing.template)) return Promise.resolve(undefined);
  return oneAtATime(async () => {
    useSessionStore.setState({ token: drawing.token });
    queryClient.setQueryData(profileQueryKey, drawing.profile);
    const screen = await draw(drawing.url, drawing.language, drawing.translations);
    return withDrawnScreen(drawing.template, screen, {
      language: drawing.language,
      queryState: dehydrate(queryClient),
    });
  });
};

export { isDrawnOnRequest };
