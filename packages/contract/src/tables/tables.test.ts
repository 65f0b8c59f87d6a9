import { describe, expect, it } from 'vitest';
import { listQuerySchema, nextSort, pagerItems } from './tables.schemas.ts';

const label = (items: ReturnType<typeof pagerItems>) =>
  items.map((i) => (i.kind === 'page' ? i.page : '…')).join(' ');

describe('pager', () => {
  it('is hidden with a single page', () => expect(pagerItems(1, 1)).toEqual([]));
  it('shows every page up to six', () => expect(label(pagerItems(3, 6))).toBe('1 2 3 4 5 6'));
  it('shows first, last, a window and ellipses beyond six', () => {
    expect(label(pagerItems(1, 10))).toBe('1 2 … 10');
    expect(label(pagerItems(5, 10))).toBe('1 … 4 5 6 … 10');
    expect(label(pagerItems(10, 10))).toBe('1 … 9 10');
    expect(label(pagerItems(3, 10))).toBe('1 2 3 4 … 10');
  });
});

describe('sort cycle', () => {
  it('starts a new field ascending, flips the same field, and back', () => {
    const s1 = nextSort({ sort: 'created_at', direction: 'desc' }, 'amount');
    expect(s1).toEqual({ sort: 'amount', direction: 'asc' });
    const s2 = nextSort(s1, 'amount');
    expect(s2).toEqual({ sort: 'amount', direction: 'desc' });
    expect(nextSort(s2, 'amount')).toEqual({ sort: 'amount', direction: 'asc' });
  });
});

describe('list query', () => {
  const schema = listQuerySchema(['created_at', 'amount'] as const);
  it('defaults to page 1, 10 rows, created_at desc', () => {
    expect(schema.parse({})).toEqual({
      page: 1,
      per_page: 10,
      sort: 'created_at',
      direction: 'desc',
    });
  });
  it('refuses page sizes outside the options and unknown sort fields', () => {
    expect(schema.safeParse({ per_page: 15 }).success).toBe(false);
    expect(schema.safeParse({ sort: 'password' }).success).toBe(false);
  });
});
