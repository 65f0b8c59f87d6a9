import type { FaqCategory, FaqItem } from '../api/get-faq';

/** Text of an HTML fragment without tags (and the few entities the catalogue uses). */
export const stripTags = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const matches = (item: FaqItem, needle: string) =>
  item.title.toLowerCase().includes(needle) ||
  stripTags(item.content).toLowerCase().includes(needle);

/**
 * Items of every category whose title or tag-stripped content contains the query
 * (case-insensitive). A parent is kept when one of its children matches, with only the
 * matching children (or all of them when the parent itself matches).
 */
export const searchFaq = (categories: readonly FaqCategory[], query: string): FaqItem[] => {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const found: FaqItem[] = [];
  for (const category of categories) {
    for (const item of category.faqs) {
      const children = item.children?.filter((child) => matches(child, needle)) ?? [];
      if (matches(item, needle)) found.push(item);
      else if (children.length > 0) found.push({ ...item, children });
    }
  }
  return found;
};

/** `?tab=` as a category index: a whole number within range, else 0. */
export const parseTabIndex = (value: string | null, count: number): number => {
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < count ? index : 0;
};
