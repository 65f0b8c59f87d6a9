import { describe, expect, it } from 'vitest';
import type { FaqCategory } from '../api/get-faq';
import { parseTabIndex, searchFaq, stripTags } from './search-faq';

const categories: FaqCategory[] = [
  {
    id: 1,
    title: 'Accounts',
    faqs: [
      {
        id: 1,
        title: 'How do I create an account?',
        content: '<p>Use the <strong>Sign up</strong> form</p>',
      },
      {
        id: 2,
        title: 'Security',
        content: '<p>Keep your password safe</p>',
        children: [
          { id: 3, title: 'Two factor', content: '<p>Use a <code>TOTP</code> app</p>' },
          { id: 4, title: 'Sessions', content: '<p>Log out everywhere</p>' },
        ],
      },
    ],
  },
  {
    id: 2,
    title: 'Payments',
    faqs: [{ id: 5, title: 'Refunds', content: '<p>Within 24 hours &amp; more</p>' }],
  },
];

describe('searchFaq', () => {
  it('matches titles and tag-stripped content across categories, case-insensitively', () => {
    expect(searchFaq(categories, 'SIGN UP').map((i) => i.id)).toEqual([1]);
    expect(searchFaq(categories, 'hours & more').map((i) => i.id)).toEqual([5]);
    // "strong" is a tag name, not text.
    expect(searchFaq(categories, 'strong')).toEqual([]);
  });

  it('keeps a parent with only its matching children', () => {
    const [parent] = searchFaq(categories, 'totp');
    expect(parent?.id).toBe(2);
    expect(parent?.children?.map((c) => c.id)).toEqual([3]);
    expect(searchFaq(categories, 'password')[0]?.children).toHaveLength(2);
  });

  it('strips tags', () => {
    expect(stripTags('<p>a<br>b</p><ul><li>c</li></ul>')).toBe('a b c');
  });
});

describe('parseTabIndex', () => {
  it('accepts whole numbers in range only', () => {
    expect(parseTabIndex('1', 3)).toBe(1);
    expect(parseTabIndex(null, 3)).toBe(0);
    expect(parseTabIndex('3', 3)).toBe(0);
    expect(parseTabIndex('-1', 3)).toBe(0);
    expect(parseTabIndex('1.5', 3)).toBe(0);
    expect(parseTabIndex('abc', 3)).toBe(0);
  });
});
