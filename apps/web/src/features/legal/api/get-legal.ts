import { useQuery } from '@tanstack/react-query';
import { legalEndpoints, type Language } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { languageQueryOptions } from '../../../shared/api/query-options';

/** GET /legal: the documents in the request language, contacts filled in by the API. */
export const getLegal = (signal?: AbortSignal) => call(legalEndpoints.getLegal, { signal });

/** Kept per language (the API answers in the request language). */
export const legalQueryOptions = (language: Language) =>
  languageQueryOptions('legal', language, getLegal, 60 * 60_000);

export const useLegal = (language: Language) => useQuery(legalQueryOptions(language));
