import type { Config } from '../config/env.ts';
import { escapeHtml } from './escape-html.ts';

/** The operator's public details that the legal texts and the FAQ name. */
export type SiteContacts = {
  domain: string;
  company: string;
  supportEmail: string;
  supportChatUrl: string;
};

export const siteContactsOf = (config: Config): SiteContacts => ({
  domain: config.PUBLIC_DOMAIN,
  company: config.COMPANY_NAME,
  supportEmail: config.SUPPORT_EMAIL,
  supportChatUrl: config.SUPPORT_CHAT_URL,
});

/**
 * Fills the placeholders of stored HTML texts (FAQ, legal) from configuration, HTML-escaped:
 * {{domain}}, {{company}}, {{support_email}}, {{support_chat_url}} and {{support_chat}} (the
 * chat address without its scheme, as link text). Texts never hold these values themselves.
 */
export const fillSiteContacts = (html: string, site: SiteContacts): string => {
  const values: Record<string, string> = {
    domain: site.domain,
    company: site.company,
    support_email: site.supportEmail,
    support_chat_url: site.supportChatUrl,
    support_chat: site.supportChatUrl.replace(/^https?:\/\//, '').replace(/\/$/, ''),
  };
  return html.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined ? match : escapeHtml(value);
  });
};
