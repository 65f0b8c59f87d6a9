import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  profileResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
} from './profile.schemas.ts';

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
  getProfile: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/profile',
    summary: 'The signed-in user',
    request: {},
    response: profileResponseSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/profile',
    summary: 'Change name, telegram, locale or password',
    request: { body: profileUpdateSchema },
    response: profileUpdateResponseSchema,
  }),
  regenerateApiKey: defineEndpoint({
    method: 'POST',
    path: '/profile/api-key/regenerate',
    summary: 'Replace the API key with a new one: the old key stops working at once',
    request: {},
    response: profileUpdateResponseSchema,
  }),
  getAlerts: defineEndpoint({
    method: 'GET',
    path: '/profile/alerts',
    summary: 'Active system alerts in the request language (none for restricted users)',
    request: {},
    response: alertsResponseSchema,
  }),
  getFaq: defineEndpoint({
    method: 'GET',
    path: '/profile/faq',
    summary: 'The FAQ in the request language',
    request: {},
    response: faqResponseSchema,
  }),
} as const;
