import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export type FaqItem = { id: number; title: string; content: string; children?: FaqItem[] };
export type FaqCategory = { id: number; title: string; faqs: FaqItem[] };
export type FaqResponse = { faq_categories: FaqCategory[] };

export const getFaq = (signal?: AbortSignal): Promise<FaqResponse> =>
  http.get<FaqResponse>('/profile/faq', signal ? { signal } : {});

/** Kept per language (the API answers in the request language). */
export const faqQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['faq', language] as const,
    queryFn: ({ signal }) => getFaq(signal),
    staleTime: 10 * 60_000,
    // The page shows its own error component.
    meta: { skipGlobalError: true },
  });

export const useFaq = (language: Language) => useQuery(faqQueryOptions(language));
