import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { I18N_NAMESPACES } from '@proxy/contract';

const LOCALES_DIR = path.join(import.meta.dirname, '../../../public/locales');

/**
 * Texts that are the same in Russian because they are names, not words: brands, payment
 * systems, protocols and the universal "ID". Anything else equal to English is untranslated.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'ID',
  'Telegram',
  'HTTP(S)',
  'SOCKS5',
  'Visa / Mastercard',
  'Apple Pay / Google Pay',
  'SberPay',
  'T-Pay',
  'PIX',
  'UPI',
  'Alipay',
  'curl',
  'Node.js (fetch)',
]);

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );

const read = (language: string, file: string) =>
  new Map(
    flatten(JSON.parse(readFileSync(path.join(LOCALES_DIR, language, file), 'utf8')) as Tree),
  );

/** A string with nothing to translate: only {{placeholders}}, digits, spaces and punctuation. */
const isPlaceholdersOnly = (text: string) =>
  /^[\s\d\p{P}\p{S}]*$/u.test(text.replace(/\{\{[^}]+\}\}/g, ''));

const FILES = readdirSync(path.join(LOCALES_DIR, 'en')).filter((file) => file.endsWith('.json'));

describe('Russian resources', () => {
  it('every namespace (and nothing else) has a file in both languages', () => {
    const namespaceFiles = I18N_NAMESPACES.map((namespace) => `${namespace}.json`).sort();
    expect([...FILES].sort()).toEqual(namespaceFiles);
    expect(readdirSync(path.join(LOCALES_DIR, 'ru')).sort()).toEqual(namespaceFiles);
  });

  it('the brand allow-list is not hiding words', () => {
    expect(isPlaceholdersOnly('${{min}} – ${{max}}')).toBe(true);
    expect(isPlaceholdersOnly('Isp')).toBe(false);
  });

  it.each(FILES)(
    '%s: no ru text equals its en text unless it is a name or only placeholders',
    (file) => {
      const en = read('en', file);
      const ru = read('ru', file);
      const untranslated = [...en]
        .filter(([key, text]) => ru.get(key) === text)
        .filter(([, text]) => !SAME_IN_EVERY_LANGUAGE.has(text) && !isPlaceholdersOnly(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(untranslated).toEqual([]);
      const missing = [...en.keys()].filter((key) => !ru.has(key) && !/_(one|other)$/.test(key));
      expect(missing).toEqual([]);
    },
  );
});
