import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  profileResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
} from './profile.schemas.ts';
import { regenerateApiKeySchema } from '../auth/two-factor.schemas.ts';

export const SYSTEM_ALERT_TYPES = ['info', 'warning', 'error', 'success'] as const;

export const systemAlertSchema = z.object({
  id: z.number(),
  description: z.string(),
  is_active: z.boolean(),
  type: z.enum(SYSTEM_ALERT_TYPES),
});
export type SystemAlertDto = z.infer<typeof systemAlertSchema>;
export const alertsResponseSchema = z.object({ alerts: z.array(systemAlertSchema) });
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

export type FaqItemDto = { id: number; title: string; content: string; children?: FaqItemDto[] };
/** FAQ categories and items both have an id and a title. */
const faqEntryFields = { id: z.number(), title: z.string() };
const faqItemFields = { ...faqEntryFields, content: z.string() };
/** FAQ items nest one level (children of a top item have no children of their own). */
export const faqItemSchema: z.ZodType<FaqItemDto> = z.object({
  ...faqItemFields,
  children: z.array(z.object(faqItemFields)).optional(),
});
export const faqCategorySchema = z.object({ ...faqEntryFields, faqs: z.array(faqItemSchema) });
export type FaqCategoryDto = z.infer<typeof faqCategorySchema>;
export const faqResponseSchema = z.object({ faq_categories: z.array(faqCategorySchema) });
export type FaqResponse = z.infer<typeof faqResponseSchema>;

/** The profile, its system alerts and the FAQ (all signed-in). */
export const profileEndpoints = {
  getProfile: defineEndpoint('GET /profile', {
    access: 'api-key',
    summary: 'The signed-in user',
    response: profileResponseSchema,
  }),
  updateProfile: defineEndpoint('POST /profile', {
    summary: 'Change name, telegram, locale or password',
    body: profileUpdateSchema,
    response: profileUpdateResponseSchema,
  }),
  regenerateApiKey: defineEndpoint('POST /profile/api-key/regenerate', {
    summary: 'Replace the API key with a new one: the old key stops working at once',
    // Without two-factor sign-in there is nothing to send: no body at all is fine.
    body: regenerateApiKeySchema.nullish(),
    response: profileUpdateResponseSchema,
  }),
  getAlerts: defineEndpoint('GET /profile/alerts', {
    summary: 'Active system alerts in the request language (none for restricted users)',
    response: alertsResponseSchema,
  }),
  getFaq: defineEndpoint('GET /profile/faq', {
    summary: 'The FAQ in the request language',
    response: faqResponseSchema,
  }),
} as const;
