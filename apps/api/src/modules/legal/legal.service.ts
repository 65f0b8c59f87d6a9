import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  LANGUAGES,
  LEGAL_DOCUMENTS,
  type Language,
  type LegalDocument,
  type LegalResponse,
} from '@proxy/contract';
import { fillSiteContacts, type SiteContacts } from '../../lib/site-contacts.ts';

export const LEGAL_TEXTS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'legal-texts.json',
);

const documents = z.object(
  Object.fromEntries(LEGAL_DOCUMENTS.map((key) => [key, z.string().min(1)])) as Record<
    LegalDocument,
    z.ZodString
  >,
);
const textsSchema = z.object({
  updated_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  documents: z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, documents])) as Record<
      Language,
      typeof documents
    >,
  ),
});

/**
 * The legal documents, rendered once per language at start: the texts (legal-texts.json, an
 * operator edits it and restarts) with the configured domain, company and support contacts.
 */
export const createLegalTexts = (site: SiteContacts, file = LEGAL_TEXTS_FILE) => {
  const texts = textsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const rendered = new Map<Language, LegalResponse>(
    LANGUAGES.map((language) => [
      language,
      {
        updated_at: texts.updated_at,
        documents: Object.fromEntries(
          LEGAL_DOCUMENTS.map((key) => [
            key,
            fillSiteContacts(texts.documents[language][key], site),
          ]),
        ) as LegalResponse['documents'],
      },
    ]),
  );
  return (language: Language): LegalResponse => rendered.get(language) ?? rendered.get('en')!;
};
