import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  I18N_DEFAULT_NAMESPACE,
  I18N_LOAD_RETRIES,
  I18N_MAX_PARALLEL_READS,
  LANGUAGES,
  isLanguage,
  type I18nNamespace,
  type Language,
} from '@proxy/contract';

import {
  fetchTranslations,
  localesBackend,
  startLanguage,
  storedLanguageDetector,
} from './locales-backend';

export { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from './locales-backend';

export const i18n = i18next;

/** Keeps `<html lang>` in step with the interface language (a11y + hyphenation). */
const syncDocumentLanguage = (language: string): void => {
  if (typeof document !== 'undefined')
    document.documentElement.lang = isLanguage(language) ? language : FALLBACK_LANGUAGE;
};

/** The options the browser and the build's prerender (src/app/prerender.tsx) both start with. */
export const I18N_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'languageOnly',
  fallbackLng: FALLBACK_LANGUAGE,
  ns: [I18N_DEFAULT_NAMESPACE],
  defaultNS: I18N_DEFAULT_NAMESPACE,
  fallbackNS: I18N_DEFAULT_NAMESPACE,
  maxRetries: I18N_LOAD_RETRIES,
  maxParallelReads: I18N_MAX_PARALLEL_READS,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
} satisfies InitOptions;

export const initI18n = async (): Promise<void> => {
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(localesBackend)
    .use(storedLanguageDetector)
    .use(initReactI18next)
    .init(I18N_OPTIONS);
  syncDocumentLanguage(i18next.language);
};

export const currentLanguage = (): Language => {
  if (isLanguage(i18next.language)) return i18next.language;
  const resolved = i18next.resolvedLanguage;
  return isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;
};

export const changeLanguage = async (language: Language): Promise<void> => {
  if (currentLanguage() !== language) await i18next.changeLanguage(language);
};

/**
 * Starts loading namespaces early (alongside a route chunk) to avoid a waterfall. On the first
 * screen i18next is still starting: the files (of the language it will pick and of the
 * fallback) are fetched at once, in parallel with its own, and it reads them from there.
 */
export const preloadNamespaces = async (namespaces: readonly I18nNamespace[]): Promise<void> => {
  if (i18next.isInitialized) return i18next.loadNamespaces([...namespaces]);
  const languages = [...new Set([startLanguage(), FALLBACK_LANGUAGE])];
  // A failure here is i18next's to retry and report when it reads the file.
  await Promise.allSettled(
    languages.flatMap((language) => namespaces.map((ns) => fetchTranslations(language, ns))),
  );
};

/** Translates a key known only at run time (server-provided i18n keys, notification types). */
export const translateDynamic = (key: string, options?: Record<string, unknown>): string =>
  (i18next.t as unknown as (key: string, options?: Record<string, unknown>) => string)(
    key,
    options,
  );
