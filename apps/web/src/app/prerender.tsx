/**
 * The build's prerender (an SSR bundle, vite.config.ts): draws a guest screen to HTML the way the
 * browser's first render draws it (main.tsx waits for the screen's chunks and translations, so
 * neither side shows a loader), and the browser hydrates that HTML instead of drawing it again.
 * A guest has no session, cookies or storage here: a signed-in visitor gets the plain document.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE } from '@proxy/contract';
import { I18N_OPTIONS } from '../shared/i18n/i18n';
import { AppFrame } from './app';
import { AppRoutes, preloadRoutes, routes } from './router';

let started: Promise<unknown> | undefined;

/** The HTML of the screen at `url` in `language`; `translations` holds every file of public/locales. */
export const renderScreen = async (
  url: string,
  language: string,
  translations: Resource,
): Promise<string> => {
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
  );
  return new Response(prelude).text();
};
