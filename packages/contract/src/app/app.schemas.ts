import { z } from 'zod';

/** Which analytics service the cabinet reports to (ANALYTICS_PROVIDER; docs/decisions/147). */
export const ANALYTICS_PROVIDERS = ['plausible', 'ga4'] as const;
export type AnalyticsProvider = (typeof ANALYTICS_PROVIDERS)[number];

/** Which live-chat widget the cabinet offers (LIVE_CHAT_PROVIDER; docs/decisions/148). */
export const LIVE_CHAT_PROVIDERS = ['chatwoot'] as const;
export type LiveChatProvider = (typeof LIVE_CHAT_PROVIDERS)[number];

/** A GA4 measurement id as Google issues it. */
export const GA4_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;

const httpUrl = z.url({ protocol: /^https?$/ });

export const analyticsConfigSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('plausible'),
    /** Where the Plausible instance listens: events go to `{apiHost}/api/event`. */
    apiHost: httpUrl,
    /** The site as registered in Plausible. */
    domain: z.string().min(1).max(253),
  }),
  z.object({
    provider: z.literal('ga4'),
    measurementId: z.string().regex(GA4_MEASUREMENT_ID_PATTERN),
  }),
]);
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

export const liveChatConfigSchema = z.object({
  provider: z.literal('chatwoot'),
  /** The Chatwoot installation: its SDK is `{baseUrl}/packs/js/sdk.js`. */
  baseUrl: httpUrl,
  websiteToken: z.string().min(1).max(200),
});
export type LiveChatConfig = z.infer<typeof liveChatConfigSchema>;

/**
 * What the SPA learns of the server's configuration at run time (one build serves every
 * installation): the support messenger link, and the third parties it may load after consent.
 */
export const appConfigSchema = z.object({
  supportMessengerUrl: httpUrl,
  analytics: analyticsConfigSchema.nullable(),
  liveChat: liveChatConfigSchema.nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
