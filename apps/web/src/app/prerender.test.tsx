import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from 'i18next';
import { LANGUAGES, type ProfileResponse } from '@proxy/contract';
import { useSessionStore } from '../shared/session/session-store';
import { ON_REQUEST_ROOT, QUERY_STATE_ELEMENT_ID } from './drawn-document';
import { drawSignedInDocument, readTranslations, renderScreen } from './prerender';
import { queryClient } from './query-client';

const localesDir = path.resolve(import.meta.dirname, '../../public/locales');
let translations: Resource;
beforeAll(async () => {
  translations = await readTranslations(localesDir);
});
type Texts = { auth?: { login?: { title: string } }; profile?: { title: string } };
const textsOf = (language: string) => translations[language] as Texts;

// That the browser hydrates this drawing (keeps its elements, no mismatch) is for a real browser
// to show: e2e/tests/first-paint.spec.ts.
describe('the prerendered login screen', () => {
  it('leaves no query behind: its timers would keep the build process alive for minutes', async () => {
    await renderScreen('/login', 'en', translations);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it.each(LANGUAGES)(
    'is drawn in %s: its heading, no inline style, a form that waits for the app',
    async (language) => {
      const html = await renderScreen('/login', language, translations);
      const title = textsOf(language).auth?.login?.title;
      expect(title).toBeTruthy();
      // The content security policy refuses style attributes in HTML.
      expect(html).not.toMatch(/\sstyle="/);

      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const heading = container.querySelector('h1');
      expect(heading?.textContent).toBe(title);
      // Before the app runs, its form cannot be submitted by the browser (the password would
      // land in the address).
      const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]');
      expect(submit?.disabled).toBe(true);
      for (const field of container.querySelectorAll('input')) expect(field.readOnly).toBe(true);

      container.remove();
    },
  );
});

const profileOf = (id: number, name: string): ProfileResponse => ({
  user: {
    id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    role: 0,
    status: 1,
    telegram: null,
    invited: null,
    ref_link: `ref${id}`,
    api_key: `key-of-${name.toLowerCase()}`,
    email_verified_at: '2026-11-28T10:00:00.000Z',
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-28T10:00:00.000Z',
    balance: 12.5,
    referral_reward: 10,
    locale: 'en',
    referral_balance: 0,
    is_show_notification: true,
    is_restricted: false,
    telegram_user: null,
    billing_name: null,
    billing_address: null,
    two_factor_enabled: false,
  },
  promo_token: null,
  promo_token_used: false,
  telegram_connected: false,
});

const template = `<!doctype html><html lang="en"><head></head><body>${ON_REQUEST_ROOT}</body></html>`;

const drawProfile = (profile: ProfileResponse, language = 'en') =>
  drawSignedInDocument({
    template,
    url: '/cabinet/profile',
    language,
    translations,
    token: `token-of-user-${profile.user.id}`,
    profile,
  });

const parse = (html: string | undefined) =>
  new DOMParser().parseFromString(html ?? '', 'text/html');

describe('a signed-in screen drawn on request', () => {
  it.each(LANGUAGES)(
    'is the profile page in %s with the profile it was given, and the cache the browser starts with',
    async (language) => {
      const ann = profileOf(41, 'Ann');
      const drawnHtml = await drawProfile(ann, language);
      // Drawn in place: no fallback for a script to replace (the policy refuses inline scripts).
      expect(drawnHtml).not.toMatch(/<template|<script>|\$RC/);
      const document = parse(drawnHtml);
      expect(document.documentElement.lang).toBe(language);
      expect(document.querySelector('h1')?.textContent).toBe(textsOf(language).profile?.title);
      const fields = [...document.querySelectorAll('input')].map((input) => input.value);
      expect(fields).toContain('Ann');
      expect(fields).toContain('ann@example.com');
      const state = JSON.parse(
        document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent ?? 'null',
      ) as { queries: { queryKey: unknown; state: { data: unknown } }[] };
      expect(state.queries.map(({ queryKey, state: { data } }) => ({ queryKey, data }))).toEqual([
        { queryKey: ['profile'], data: ann },
      ]);
    },
  );

  it('draws concurrent visitors each with their own profile, and leaves nothing of theirs behind', async () => {
    const visitors = Array.from({ length: 6 }, (_, index) =>
      profileOf(100 + index, `User${index}`),
    );
    const documents = await Promise.all(visitors.map((profile) => drawProfile(profile)));
    documents.forEach((html, index) => {
      expect(html).toContain(`user${index}@example.com`);
      for (const other of visitors.filter((_, at) => at !== index))
        expect(html).not.toContain(other.user.email);
    });
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(useSessionStore.getState().token).toBeNull();
    // A guest drawn next sees no session.
    expect(await renderScreen('/login', 'en', translations)).not.toMatch(/user\d@example\.com/);
  });

  it('draws nothing into a document the build did not mark as drawn on request', async () => {
    const drawn = await drawSignedInDocument({
      template: '<!doctype html><div id="root"></div>',
      url: '/cabinet/profile',
      language: 'en',
      translations,
      token: 'token-of-user-1',
      profile: profileOf(1, 'Ann'),
    });
    expect(drawn).toBeUndefined();
  });
});
