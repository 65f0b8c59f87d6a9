import type { BackendModule, LanguageDetectorModule, ResourceKey } from 'i18next';
import {
  APP_VERSION,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  languageOfCode,
  type Language,
} from '@proxy/contract';
import { readCookie, writeCookie } from '../lib/cookies';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export { LANGUAGE_COOKIE };

/** `/locales/{lng}/{ns}.json?v=<app version>`: a deploy gets fresh files past any cache. */
export const translationsUrl = (language: string, namespace: string): string =>
  `${import.meta.env.BASE_URL}locales/${language}/${namespace}.json?v=${APP_VERSION}`;

/** A translation file that did not load; `isRetryable` for no answer or a 5xx. */
export class TranslationsLoadError extends Error {
  readonly isRetryable: boolean;
  constructor(message: string, isRetryable: boolean) {
    super(message);
    this.name = 'TranslationsLoadError';
    this.isRetryable = isRetryable;
  }
}

const requests = new Map<string, Promise<ResourceKey>>();

/**
 * Fetches one translation file, once: a file asked for early (next to a route's chunk, before
 * i18next has started) is the one i18next reads later. A failed request is forgotten, so
 * i18next's retry asks again.
 */
export const fetchTranslations = (language: string, namespace: string): Promise<ResourceKey> => {
  const url = translationsUrl(language, namespace);
  const known = requests.get(url);
  if (known) return known;
  const request = fetch(url).then(
    async (response) => {
      if (!response.ok)
        throw new TranslationsLoadError(`${url}: HTTP ${response.status}`, response.status >= 500);
      return (await response.json()) as ResourceKey;
    },
    (error: unknown) => {
      throw new TranslationsLoadError(`${url}: ${String(error)}`, true);
    },
  );
  requests.set(url, request);
  request.catch(() => requests.delete(url));
  return request;
};

/** i18next backend over `fetchTranslations` (i18next retries what `isRetryable` marks). */
export const localesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    fetchTranslations(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) =>
        callback(
          error instanceof Error ? error : new Error(String(error)),
          error instanceof TranslationsLoadError && error.isRetryable,
        ),
    );
  },
};

/** The language the user chose before: local storage, else the `i18next` cookie. */
export const storedLanguage = (): string | undefined => {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored) return stored;
  } catch {
    /* storage blocked: the cookie, else the fallback */
  }
  return readCookie(LANGUAGE_COOKIE) || undefined;
};

/**
 * Detects the stored choice and remembers each change in local storage and in the cookie the
 * server reads to send a screen prerendered in that language.
 */
export const storedLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: storedLanguage,
  cacheUserLanguage: (language) => {
    writeCookie(LANGUAGE_COOKIE, language, { days: LANGUAGE_COOKIE_DAYS });
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      /* storage blocked: the cookie keeps the choice */
    }
  },
};

/** What i18next will resolve the stored choice to (`ru-RU` -> `ru`; unknown -> fallback). */
export const startLanguage = (): Language => languageOfCode(storedLanguage());
