/** Constants of the whole product (spec 000 section 9). */
export const APP_VERSION = '1.43.1';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
/** The language a stored code stands for (`ru-RU` -> `ru`); unknown or none -> the fallback. */
export const languageOfCode = (code: string | null | undefined): Language => {
  const language = code?.split('-')[0]?.toLowerCase();
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
};

export const I18N_NAMESPACES = [
  'api-tools',
  'auth',
  'base',
  'top-up',
  'buy',
  'packages',
  'profile',
  'referral',
  'legal',
  'transactions',
  'notifications',
  'statistics',
  'api-docs',
  'notification-settings',
] as const;
export type I18nNamespace = (typeof I18N_NAMESPACES)[number];
export const I18N_DEFAULT_NAMESPACE: I18nNamespace = 'base';
export const I18N_LOAD_RETRIES = 5;
export const I18N_MAX_PARALLEL_READS = 10;
/**
 * The interface language, kept in a cookie beside local storage so that the server sends a
 * screen prerendered in it (apps/api/src/plugins/static.ts).
 */
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_COOKIE_DAYS = 365;
/**
 * The file of the web build listing the CSP hashes of the `<style>` elements its prerendered
 * documents hold (`{"style-src": ["'sha256-...'"]}`), which the server's policy allows.
 */
export const WEB_INLINE_STYLES_FILE = 'inline-styles.json';

/**
 * The web build's Node bundle that draws screens (apps/web/src/app/prerender.tsx), beside the
 * SPA's folder: `<web>/dist-server/prerender.js` next to `<web>/dist`. The server imports it to
 * draw a signed-in screen on request; it is not served.
 */
export const WEB_RENDERER_DIR = 'dist-server';
export const WEB_RENDERER_FILE = 'prerender.js';

export const ACCESS_TOKEN_COOKIE = 'ACCESS_TOKEN';
export const TOKEN_SYNC_STORAGE_KEY = 'TOKEN_SYNC';
export const ACCESS_TOKEN_TTL_DAYS = 30;
export const REFERRAL_CODE_STORAGE_KEY = 'referralCode';

export const PASSWORD_MIN_LENGTH = 8;
export const NICKNAME_MIN_LENGTH = 3;

export const BREAKPOINTS = { large: 1092, medium: 768, small: 576 } as const;

export const FAQ_SEARCH_MIN_LENGTH = 4;
export const SEARCH_DEBOUNCE_MS = 500;
/** Option lists (countries, cities, ...) get a search box only above this many options. */
export const OPTION_SEARCH_ABOVE = 10;
export const ACCORDION_TRANSITION_MS = 250;
export const COPY_CONFIRMATION_MS = 5000;
export const QUERY_GC_TIME_MS = 5 * 60_000;

export const SKIPPED_SYSTEM_ALERT_ID = 3;
export const ALERT_AUTO_DISMISS_MS = 5000;
export const ALERT_COLLAPSE_DELAY_MS = 3000;
export const ALERT_COLLAPSE_AFTER = 3;
export const ALERT_GAP_PX = 15;

export const TOP_UP_PAYMENT_COOKIE = 'topUpPaymentData';
export const TOP_UP_PAYMENT_COOKIE_TTL_HOURS = 2;

/** Proxy product kinds and package row types (spec 001 section 1). */
export const PRODUCT_KINDS = ['xstandart', 'residential', 'isp', 'residential-unlim'] as const;
export const PACKAGE_ROW_TYPES = ['isp', 'dynamic', 'vip', 'unlim'] as const;

/** Tokens for password reset and e-mail verification. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
