import type { Language } from '@proxy/contract';

/** Build-time API base (VITE_API_BASE, default `/api`); no trailing slash. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE || '/api').replace(/\/+$/, '');

/** Marketing site; the English variant lives under `en/`. */
export const MARKETING_SITE_URL = 'https://proxy.example/';
export const marketingSiteUrl = (language: Language): string =>
  language === 'en' ? `${MARKETING_SITE_URL}en/` : MARKETING_SITE_URL;

/** Support messenger channel shown on error screens. */
export const SUPPORT_MESSENGER_URL = 'https://t.me/proxy_support';

/** External "useful services" of the side menu. */
export const PROXY_CHECKER_URL = 'https://proxy.example/proxy-checker/';
export const IP_INFO_URL = 'https://ipinfo.io/';

/**
 * API keys marking the "restricted" kind of user (spec: criteria not shown).
 * See docs/decisions/020-web-restricted-users.md.
 */
export const RESTRICTED_API_KEYS: readonly string[] = ['restricted-key-1', 'restricted-key-2'];
