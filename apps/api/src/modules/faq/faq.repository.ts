import type { Db } from '@proxy/db';

export const findFaqCategories = (db: Db) =>
  db
    .selectFrom('faq_categories')
    .select(['id', 'title_en', 'title_ru'])
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findFaqItems = (db: Db) =>
  db
    .selectFrom('faq_items')
    .select(['id', 'category_id', 'parent_id', 'title_en', 'title_ru', 'content_en', 'content_ru'])
    .orderBy('position')
    .orderBy('id')
    .execute();
