import { isLanguage, type Language } from '@proxy/contract';

/** The regional variant each UI language formats with: day first in both, `,` or `.` decimals. */
const LOCALES: Record<Language, string> = { en: 'en-GB', ru: 'ru-RU' };

/** The Intl locale of a UI language (English for anything else). */
export const intlLocale = (language: string): string =>
  LOCALES[isLanguage(language) ? language : 'en'];
