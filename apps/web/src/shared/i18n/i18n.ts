import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  APP_VERSION,
  FALLBACK_LANGUAGE,
  I18N_DEFAULT_NAMESPACE,
  I18N_LOAD_RETRIES,
  I18N_MAX_PARALLEL_READS,
  LANGUAGES,
  isLanguage,
  type I18nNamespace,
  type Language,
} from '@proxy/contract';

export const i18n = i18next;

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';

/** Keeps `<html lang>` in step with the interface language (a11y + hyphenation). */
const syncDocumentLanguage = (language: string): void => {
  if (typeof document !== 'undefined')
    document.documentElement.lang = isLanguage(language) ? language : FALLBACK_LANGUAGE;
};

export const initI18n = async (): Promise<void> => {
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
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
      showSupportNotice: false,
      backend: {
        loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json?v=${APP_VERSION}`,
      },
      detection: {
        order: ['localStorage', 'cookie'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        lookupCookie: LANGUAGE_COOKIE,
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    });
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

/** Starts loading namespaces early (e.g. alongside a route chunk) to avoid a waterfall. */
export const preloadNamespaces = (namespaces: readonly I18nNamespace[]): Promise<void> =>
  i18next.isInitialized ? i18next.loadNamespaces([...namespaces]) : Promise.resolve();

/** Translates a key known only at run time (server-provided i18n keys, notification types). */
export const translateDynamic = (key: string, options?: Record<string, unknown>): string =>
  (i18next.t as unknown as (key: string, options?: Record<string, unknown>) => string)(
    key,
    options,
  );
