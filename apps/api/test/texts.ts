import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ERROR_CODES, ValidationKey } from '@proxy/contract';
import { REPO_ROOT } from '../src/config/env.ts';

type ErrorKey = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]['key'] extends `errors.${infer K}`
  ? K
  : never;
type Base = {
  validation: Record<ValidationKey, string>;
  errors: Record<ErrorKey, string>;
  messages: Record<string, string>;
};

const read = (language: 'en' | 'ru'): Base =>
  JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'apps/web/public/locales', language, 'base.json'), 'utf8'),
  ) as Base;

/** The expected texts, read independently of the API's translator. */
export const TEXTS = { en: read('en'), ru: read('ru') } as const;

/** A text of base.json; throws when missing so a test cannot pass on an absent text. */
export const textOf = (
  language: 'en' | 'ru',
  section: 'errors' | 'messages',
  key: string,
): string => {
  const text = (TEXTS[language][section] as Record<string, string | undefined>)[key];
  if (text === undefined) throw new Error(`no text for ${section}.${key}`);
  return text;
};

/** The one JSON shape of every error answer. */
export const errorBody = (code: string, message: string, errors?: Record<string, string[]>) => ({
  success: false,
  code,
  message,
  ...(errors === undefined ? {} : { errors }),
});

/** The JSON answer of an action that succeeded: its message from base.json. */
export const messageBody = (language: 'en' | 'ru', key: string) => ({
  success: true,
  message: textOf(language, 'messages', key),
});

/** A translation file of the SPA (`apps/web/public/locales/<language>/<namespace>.json`). */
export const localeFile = <T>(language: 'en' | 'ru', namespace: string): T =>
  JSON.parse(
    readFileSync(
      path.join(REPO_ROOT, 'apps/web/public/locales', language, `${namespace}.json`),
      'utf8',
    ),
  ) as T;
