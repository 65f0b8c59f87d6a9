import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, legalResponseSchema } from '@proxy/contract';
import type { Language } from '../../../test/api-client.ts';
import { registerUser, testConfig, useTestApp } from '../../../test/helpers.ts';
import { readFaqCatalogue, syncFaqCatalogue } from '../faq/faq.catalogue.ts';
import { fillSiteContacts } from '../../lib/site-contacts.ts';

const SITE = {
  PUBLIC_DOMAIN: 'proxies.example.org',
  COMPANY_NAME: 'Example Proxies Ltd',
  SUPPORT_EMAIL: 'help@example.org',
  SUPPORT_CHAT_URL: 'https://t.me/example_help',
};
const ctx = useTestApp(SITE);

/** An address with a port (127.0.0.1:3950, localhost:3000) or a placeholder left unfilled. */
const IP_PORT = /\b(?:\d{1,3}(?:\.\d{1,3}){3}|localhost)(?::\d+)?\b/;
const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/;

const legal = async (language: Language) => {
  const response = await ctx.api.request('GET', '/api/legal', { language });
  expect(response.statusCode).toBe(200);
  return legalResponseSchema.parse(response.json());
};

describe('legal and FAQ texts name the configured operator', () => {
  it('GET /legal (public) serves every document in en and ru with the configured contacts', async () => {
    const en = await legal('en');
    const ru = await legal('ru');
    expect(Object.keys(en.documents)).toEqual([...LEGAL_DOCUMENTS]);
    expect(en.documents.terms).not.toBe(ru.documents.terms);
    expect(ru.documents.terms).toMatch(/[а-я]/);
    for (const response of [en, ru]) {
      const all = Object.values(response.documents).join('\n');
      expect(all).toContain(SITE.SUPPORT_EMAIL);
      expect(all).toContain(SITE.COMPANY_NAME);
      expect(all).toContain(SITE.PUBLIC_DOMAIN);
      expect(all).toContain(`href="${SITE.SUPPORT_CHAT_URL}"`);
      expect(all).not.toMatch(IP_PORT);
      expect(all).not.toMatch(PLACEHOLDER);
      // Nothing the product does not do (yet): no Telegram notices, auto-renewal or KYC.
      expect(all).not.toMatch(/auto-?renew|автопродл|KYC|notifications? (?:by|via|in) Telegram/i);
    }
  });

  it('GET /profile/faq answers with the configured contacts, never an address with a port', async () => {
    await syncFaqCatalogue(ctx.database.db, await readFaqCatalogue());
    const { token } = await registerUser(ctx.app);
    for (const language of ['en', 'ru'] as const) {
      const response = await ctx.api.request('GET', '/api/profile/faq', { token, language });
      expect(response.statusCode).toBe(200);
      const all = response.body;
      expect(all).toContain(SITE.SUPPORT_EMAIL);
      expect(all).toContain(SITE.COMPANY_NAME);
      expect(all).toContain(SITE.SUPPORT_CHAT_URL);
      expect(all).not.toMatch(IP_PORT);
      expect(all).not.toMatch(PLACEHOLDER);
      expect(all).not.toMatch(/auto-?renew|автопродл|KYC|invoice|сч[её]т на оплату/i);
    }
  });

  it('the support address defaults to support@PUBLIC_DOMAIN; a domain with a port is refused', () => {
    expect(testConfig({ PUBLIC_DOMAIN: 'proxy.example' }).SUPPORT_EMAIL).toBe(
      'support@proxy.example',
    );
    expect(() => testConfig({ PUBLIC_DOMAIN: '127.0.0.1:3950' })).toThrow(/PUBLIC_DOMAIN/);
    expect(() => testConfig({ PUBLIC_DOMAIN: '127.0.0.1' })).toThrow(/PUBLIC_DOMAIN/);
  });

  it('fills placeholders HTML-escaped and leaves unknown ones alone', () => {
    const site = {
      domain: 'proxy.example',
      company: 'A & B <Ltd>',
      supportEmail: 'help@proxy.example',
      supportChatUrl: 'https://t.me/help/',
    };
    expect(
      fillSiteContacts(
        '<p>{{company}} {{support_email}} <a href="{{support_chat_url}}">{{support_chat}}</a> {{other}}</p>',
        site,
      ),
    ).toBe(
      '<p>A &amp; B &lt;Ltd&gt; help@proxy.example <a href="https://t.me/help/">t.me/help</a> {{other}}</p>',
    );
  });
});
