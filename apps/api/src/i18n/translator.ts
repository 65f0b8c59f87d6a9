import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@proxy/contract';

type Tree = { [key: string]: string | Tree };
export type Params = Record<string, string | number>;

export type Translator = {
  /** Translates `section.key` of the base namespace; falls back to English, then the key. */
  t: (language: Language, key: string, params?: Params) => string;
  has: (language: Language, key: string) => boolean;
};

const flatten = (tree: Tree, prefix: string, into: Map<string, string>) => {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix && !prefix.endsWith(':') ? `${prefix}.${key}` : `${prefix}${key}`;
    if (typeof value === 'string') into.set(full, value);
    else flatten(value, full, into);
  }
};

const readNamespace = (localesDir: string, language: Language, namespace: string): Tree => {
  const file = path.join(localesDir, language, `${namespace}.json`);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
};

/** Namespaces other than base answer to `ns:section.key` (e.g. contract keys 'referral:errors.amount_more'). */
const EXTRA_NAMESPACES = [
  'api-docs',
  'top-up',
  'referral',
  'transactions',
  'packages',
  'statistics',
  'notification-settings',
] as const;

/**
 * The API answers in the request's language with the same texts the SPA shows: it
 * reads the web app's base.json once at start.
 */
export const createTranslator = (localesDir: string): Translator => {
  const tables = new Map<Language, Map<string, string>>();
  for (const language of LANGUAGES) {
    const table = new Map<string, string>();
    flatten(readNamespace(localesDir, language, 'base'), '', table);
    for (const namespace of EXTRA_NAMESPACES)
      flatten(readNamespace(localesDir, language, namespace), `${namespace}:`, table);
    tables.set(language, table);
  }
  const lookup = (language: Language, key: string) =>
    tables.get(language)?.get(key) ?? tables.get(FALLBACK_LANGUAGE)?.get(key);
  return {
    has: (language, key) => lookup(language, key) !== undefined,
    t: (language, key, params) => {
      const text = lookup(language, key) ?? key;
      if (!params) return text;
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
        name in params ? String(params[name]) : match,
      );
    },
  };
};

/** Picks en/ru from Accept-Language by quality; anything else means English. */
export const pickLanguage = (header: string | undefined): Language => {
  if (!header) return FALLBACK_LANGUAGE;
  let best: { language: Language; quality: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...attributes] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const q = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (Number.isFinite(quality) && quality > 0 && (!best || quality > best.quality))
      best = { language: primary, quality };
  }
  return best?.language ?? FALLBACK_LANGUAGE;
};
