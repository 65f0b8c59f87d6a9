import type { Language } from '@proxy/contract';
import type { Db } from '@proxy/db';
import { fillSiteContacts, type SiteContacts } from '../../lib/site-contacts.ts';
import { findFaqCategories, findFaqItems } from './faq.repository.ts';

export type FaqItemDto = { id: number; title: string; content: string; children?: FaqItemDto[] };
export type FaqCategoryDto = { id: number; title: string; faqs: FaqItemDto[] };

/**
 * The whole FAQ in one language: categories in order, items with their nested children; the
 * operator's domain, company and support contacts come from configuration (fillSiteContacts).
 */
export const getFaq = async (
  db: Db,
  language: Language,
  site: SiteContacts,
): Promise<{ faq_categories: FaqCategoryDto[] }> => {
  const [categories, items] = await Promise.all([findFaqCategories(db), findFaqItems(db)]);
  const dto = (item: (typeof items)[number]): FaqItemDto => ({
    id: item.id,
    title: fillSiteContacts(language === 'ru' ? item.title_ru : item.title_en, site),
    content: fillSiteContacts(language === 'ru' ? item.content_ru : item.content_en, site),
  });
  const children = new Map<number, FaqItemDto[]>();
  for (const item of items) {
    if (item.parent_id === null) continue;
    const list = children.get(item.parent_id) ?? [];
    list.push(dto(item));
    children.set(item.parent_id, list);
  }
  return {
    faq_categories: categories.map((category) => ({
      id: category.id,
      title: language === 'ru' ? category.title_ru : category.title_en,
      faqs: items
        .filter((item) => item.category_id === category.id && item.parent_id === null)
        .map((item) => {
          const nested = children.get(item.id);
          return nested ? { ...dto(item), children: nested } : dto(item);
        }),
    })),
  };
};
