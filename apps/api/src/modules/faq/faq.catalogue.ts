import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DbRoot } from '@proxy/db';
import { sanitizeFaqHtml } from './faq.sanitize.ts';

export const FAQ_CATALOGUE_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/seed/catalogue/faq.json',
);

/** Concurrent starters (replicas, test apps) take turns on the upsert. */
const FAQ_SYNC_LOCK_KEY = 4_701_143_003;

const text = z.object({ en: z.string().min(1), ru: z.string().min(1) });
const key = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);
const leaf = z.object({ key, position: z.number().int(), title: text, content: text });
const item = leaf.extend({ children: z.array(leaf).optional() });
const catalogueSchema = z.object({
  categories: z.array(
    z.object({ key, position: z.number().int(), title: text, items: z.array(item) }),
  ),
});
export type FaqCatalogue = z.infer<typeof catalogueSchema>;

export const readFaqCatalogue = async (file = FAQ_CATALOGUE_FILE): Promise<FaqCatalogue> =>
  catalogueSchema.parse(JSON.parse(await readFile(file, 'utf8')));

/**
 * Makes the database match the catalogue: upsert by key (ids stay stable across restarts),
 * HTML sanitised on the way in, and categories/items no longer in the file removed. An
 * operator edits faq.json and restarts; no code change.
 */
export const syncFaqCatalogue = async (db: DbRoot, catalogue: FaqCatalogue) => {
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${FAQ_SYNC_LOCK_KEY})`.execute(tx);
    const categoryKeys: string[] = [];
    const itemKeys: string[] = [];
    for (const category of catalogue.categories) {
      categoryKeys.push(category.key);
      const values = {
        key: category.key,
        position: category.position,
        title_en: category.title.en,
        title_ru: category.title.ru,
      };
      const { id: categoryId } = await tx
        .insertInto('faq_categories')
        .values(values)
        .onConflict((c) => c.column('key').doUpdateSet({ ...values, updated_at: sql`now()` }))
        .returning('id')
        .executeTakeFirstOrThrow();

      const upsertItem = async (entry: z.infer<typeof leaf>, parentId: number | null) => {
        itemKeys.push(entry.key);
        const row = {
          category_id: categoryId,
          parent_id: parentId,
          key: entry.key,
          position: entry.position,
          title_en: entry.title.en,
          title_ru: entry.title.ru,
          content_en: sanitizeFaqHtml(entry.content.en),
          content_ru: sanitizeFaqHtml(entry.content.ru),
        };
        const { id } = await tx
          .insertInto('faq_items')
          .values(row)
          .onConflict((c) => c.column('key').doUpdateSet({ ...row, updated_at: sql`now()` }))
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      };
      for (const entry of category.items) {
        const parentId = await upsertItem(entry, null);
        for (const child of entry.children ?? []) await upsertItem(child, parentId);
      }
    }
    let items = tx.deleteFrom('faq_items');
    if (itemKeys.length > 0) items = items.where('key', 'not in', itemKeys);
    await items.execute();
    let categories = tx.deleteFrom('faq_categories');
    if (categoryKeys.length > 0) categories = categories.where('key', 'not in', categoryKeys);
    await categories.execute();
  });
};
