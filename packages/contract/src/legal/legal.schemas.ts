import { z } from 'zod';

/** The five documents of the legal page (spec: terms, privacy, cookie, refund, ethics), in tab order. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookie', 'refund', 'ethics'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/**
 * GET /api/legal (public): the documents in the request language as HTML, with the operator's
 * domain, company and support contacts filled in from the API's configuration, and the date of
 * the revision (YYYY-MM-DD).
 */
export const legalResponseSchema = z.object({
  updated_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  documents: z.object(
    Object.fromEntries(LEGAL_DOCUMENTS.map((key) => [key, z.string().min(1)])) as Record<
      LegalDocument,
      z.ZodString
    >,
  ),
});
export type LegalResponse = z.infer<typeof legalResponseSchema>;
