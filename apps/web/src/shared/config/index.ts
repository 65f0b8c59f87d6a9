import type { Language } from '@proxy/contract';

/** Build-time API base (VITE_API_BASE, default `/api`); no trailing slash. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE || '/api').replace(/\/+$/, '');

/** Marketing site; the English variant lives under `en/`. */
export const MARKETING_SITE_URL = 'https://proxy.example/';
export const marketingSiteUrl = (language: Language): string =>
  language === 'en' ? `${MARKETING_SITE_URL}en/` : MARKETING_SITE_URL;

/** users.status of an active account: system alerts are shown only to these (and non-restricted). */
export const ACTIVE_USER_STATUS = 1;

/** The public FAQ of the marketing site, linked from the empty FAQ page. */
export const PUBLIC_FAQ_URLS: Record<Language, string> = {
  en: 'https://proxy.example/faq/',
  ru: 'https://proxy.example/ru/faq/',
};

/**
 * The domain put into legal texts and FAQ answers ({{domain}}): the host serving the cabinet,
 * or VITE_SITE_DOMAIN when the texts must name another one.
 */
export const siteDomain = (): string =>
  import.meta.env.VITE_SITE_DOMAIN ||
  (typeof window === 'undefined' ? 'proxy.example' : window.location.host);

/** External "useful services" of the side menu. */
export const PROXY_CHECKER_URL = 'https://proxy.example/proxy-checker/';
export const IP_INFO_URL = 'https://ipinfo.io/';
