import { useQuery } from '@tanstack/react-query';
import {
  profileEndpoints,
  type FaqCategoryDto,
  type FaqItemDto,
  type FaqResponse,
  type Language,
} from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { languageQueryOptions } from '../../../shared/api/query-options';

export type FaqItem = FaqItemDto;
export type FaqCategory = FaqCategoryDto;
export type { FaqResponse };

export const getFaq = (signal?: AbortSignal) => call(profileEndpoints.getFaq, { signal });

/** Kept per language (the API answers in the request language). */
export const faqQueryOptions = (language: Language) =>
  languageQueryOptions('faq', language, getFaq, 10 * 60_000);

export const useFaq = (language: Language) => useQuery(faqQueryOptions(language));
