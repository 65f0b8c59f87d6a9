import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ERROR_CODES, ValidationKey } from '@proxy/contract';
import { REPO_ROOT } from '../src/config/env.ts';
import { EXTRA_TEXTS } from '../src/i18n/extra.ts';

type ErrorKey = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]['key'] extends `errors.${infer K}`
  ? K
  : never;
type Base = { validation: Record<ValidationKey, string>; errors: Record<ErrorKey, string> };

const read = (language: 'en' | 'ru'): Base =>
  JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'apps/web/public/locales', language, 'base.json'), 'utf8'),
  ) as Base;

/** The expected texts, read independently of the API's translator. */
export const TEXTS = {
  en: { ...read('en'), extra: EXTRA_TEXTS.en },
  ru: { ...read('ru'), extra: EXTRA_TEXTS.ru },
} as const;

/** A text the API keeps in extra.ts until base.json has it (base.json wins). */
export const textOf = (
  language: 'en' | 'ru',
  section: 'errors' | 'messages',
  key: string,
): string => {
  const base = (TEXTS[language] as unknown as Record<string, Record<string, string> | undefined>)[
    section
  ]?.[key];
  const extra = (
    TEXTS[language].extra as unknown as Record<string, Record<string, string> | undefined>
  )[section]?.[key];
  const text = base ?? extra;
  if (text === undefined) throw new Error(`no text for ${section}.${key}`);
  return text;
};
