import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../test/api-client.ts';
import { useTestApp, registerUser } from '../../../test/helpers.ts';
import { readFaqCatalogue, syncFaqCatalogue, type FaqCatalogue } from './faq.catalogue.ts';
import { sanitizeFaqHtml } from './faq.sanitize.ts';

type Item = { id: number; title: string; content: string; children?: Item[] };
type Faq = { faq_categories: { id: number; title: string; faqs: Item[] }[] };

const ctx = useTestApp();
let token: string;
beforeAll(async () => {
  token = (await registerUser(ctx.app)).token;
});

const getFaq = async (language: Language = 'en') => {
  const response = await ctx.api.request('GET', '/api/profile/faq', { token, language });
  expect(response.statusCode).toBe(200);
  return response.json<Faq>();
};

const countItems = (items: Item[]): number =>
  items.reduce((sum, item) => sum + 1 + countItems(item.children ?? []), 0);

describe('FAQ sanitising', () => {
  it('keeps the allow-list and drops scripts, handlers and unsafe links', () => {
    const dirty =
      '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p>' +
      '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a>' +
      '<a href="https://ok.example/">ok</a><a href="mailto:a@b.c">mail</a><a href="/cabinet/legal">rel</a>' +
      '<a href="http://plain.example/">http</a><a href="//evil.example/">proto</a>' +
      '<h3>T</h3><h1>big</h1><code>x</code><style>p{}</style><iframe src="https://x"></iframe>';
    const clean = sanitizeFaqHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|<img|<style|<iframe|<h1/i);
    expect(clean).toContain('<p>Hi <strong>there</strong></p>');
    expect(clean).toContain('<a href="https://ok.example/">ok</a>');
    expect(clean).toContain('<a href="mailto:a@b.c">mail</a>');
    expect(clean).toContain('<a href="/cabinet/legal">rel</a>');
    expect(clean).toContain('<a>http</a>');
    expect(clean).toContain('<a>proto</a>');
    expect(clean).toContain('<h3>T</h3>big<code>x</code>');
  });
});

describe('GET /profile/faq', () => {
  it('requires authentication', async () => {
    const response = await ctx.api.request('GET', '/api/profile/faq');
    expect(response.statusCode).toBe(401);
  });

  it('serves the catalogue file in the request language with nested children', async () => {
    const catalogue = await readFaqCatalogue();
    await syncFaqCatalogue(ctx.database.db, catalogue);
    const en = await getFaq('en');
    const ru = await getFaq('ru');
    expect(en.faq_categories).toHaveLength(catalogue.categories.length);
    expect(en.faq_categories.reduce((n, c) => n + countItems(c.faqs), 0)).toBe(30);
    expect(en.faq_categories[0]?.title).toBe(catalogue.categories[0]?.title.en);
    expect(ru.faq_categories[0]?.title).toBe(catalogue.categories[0]?.title.ru);
    expect(ru.faq_categories.map((c) => c.id)).toEqual(en.faq_categories.map((c) => c.id));
    const withChildren = en.faq_categories[0]?.faqs.find((item) => item.children);
    const child = withChildren?.children?.[0];
    expect(Object.keys(child ?? {}).sort()).toEqual(['content', 'id', 'title']);
    expect(child?.content).toContain('<');
    expect(en.faq_categories[0]?.faqs.some((item) => !('children' in item))).toBe(true);
    for (const category of en.faq_categories)
      for (const item of category.faqs) expect(item.content).not.toMatch(/<script|onerror=/i);

    // Idempotent: a second start keeps ids.
    await syncFaqCatalogue(ctx.database.db, catalogue);
    expect(await getFaq('en')).toEqual(en);
  });

  it('sanitises stored HTML and follows an edited catalogue (upsert by key, removals)', async () => {
    const edited: FaqCatalogue = {
      categories: [
        {
          key: 'only',
          position: 1,
          title: { en: 'Only', ru: 'Единственная' },
          items: [
            {
              key: 'evil',
              position: 1,
              title: { en: 'Evil', ru: 'Зло' },
              content: {
                en: '<p>Text<script>alert(1)</script></p><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
                ru: '<p onmouseover="x()">Текст</p>',
              },
              children: [
                {
                  key: 'evil-child',
                  position: 1,
                  title: { en: 'Child', ru: 'Дочерний' },
                  content: { en: '<p>child</p>', ru: '<p>дочерний</p>' },
                },
              ],
            },
          ],
        },
      ],
    };
    await syncFaqCatalogue(ctx.database.db, edited);
    const en = await getFaq('en');
    expect(en.faq_categories).toHaveLength(1);
    expect(en.faq_categories[0]?.faqs[0]?.content).toBe('<p>Text</p><a>x</a>');
    expect(en.faq_categories[0]?.faqs[0]?.children?.[0]?.title).toBe('Child');
    const ru = await getFaq('ru');
    expect(ru.faq_categories[0]?.faqs[0]?.content).toBe('<p>Текст</p>');

    // Back to the real file for anything that follows.
    await syncFaqCatalogue(ctx.database.db, await readFaqCatalogue());
    expect((await getFaq()).faq_categories.length).toBe(8);
  });
});
