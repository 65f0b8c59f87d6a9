import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { toCents } from '@proxy/contract';
import type { Database, DbRoot } from '@proxy/db';

/**
 * The SET of an upsert that takes `columns` from the row being inserted (`excluded.<column>`)
 * and stamps updated_at.
 */
const fromNewRow = <Table extends keyof Database>(columns: (keyof Database[Table] & string)[]) => ({
  ...Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)])),
  updated_at: sql<Date>`now()`,
});

/** Deactivates the rows of `table` whose key the catalogue no longer lists. */
const deactivateAllBut = (
  tx: Transaction<Database>,
  table: 'isp_countries' | 'unlim_locations' | 'tariffs',
  keys: string[],
) =>
  tx
    .updateTable(table)
    .set({ is_active: false, updated_at: sql<Date>`now()` })
    .where((eb) => (keys.length ? eb('key', 'not in', keys) : eb.lit(true)))
    .execute();

export const CATALOGUE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/seed/catalogue/tariffs.json',
);

const key = z.string().regex(/^[a-z0-9-]+$/);
const price = z.number().positive();

const trafficTariff = z.object({
  key,
  title: z.string().min(1),
  price,
  traffic_gb: z.number().int().positive(),
});

export const catalogueFileSchema = z.object({
  dynamic: z.array(trafficTariff),
  premium: z.array(trafficTariff),
  unlim: z.object({
    tariffs: z.array(
      z.object({
        key,
        title: z.string().min(1),
        price,
        duration_days: z.number().int().positive(),
        speed_limit: z.number().int().positive(),
      }),
    ),
    // Where an unlimited plan is sold; its servers, availability and speeds are the exits of
    // the unlim pool in that country and city (decision 154).
    locations: z.array(
      z.object({
        key,
        name: z.string().min(1),
        iso2: z.string().length(2),
        city: z
          .string()
          .transform((value) => value.trim().toLowerCase().replace(/\s+/g, '-'))
          .optional(),
        is_active: z.boolean().default(true),
      }),
    ),
  }),
  isp: z.object({
    // The addresses sold are the country's ISP blocks (`npm run admin -- isp-blocks:add`).
    countries: z.array(
      z.object({
        key,
        label: z.string().min(1),
        iso2: z.string().length(2),
        tariffs: z.array(
          z.object({ key, title: z.string().min(1), ports: z.number().int().positive(), price }),
        ),
      }),
    ),
  }),
});
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;

export const readCatalogueFile = (file = CATALOGUE_FILE): CatalogueFile =>
  catalogueFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

export type CatalogueLoadResult = { tariffs: number; countries: number; locations: number };

/**
 * Upserts the catalogue by key in one transaction (an operator edits the file and restarts).
 * Rows missing from the file are deactivated. What is free and available is the inventory's,
 * never the file's (decision 154). A transaction-level advisory
 * lock keeps two starting replicas (or parallel test files) from interleaving.
 */
export const loadCatalogue = async (
  db: DbRoot,
  catalogue: CatalogueFile = readCatalogueFile(),
): Promise<CatalogueLoadResult> =>
  db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(4701143005)`.execute(tx);

    const countryKeys: string[] = [];
    const countryIds = new Map<string, number>();
    for (const [sort, country] of catalogue.isp.countries.entries()) {
      const row = await tx
        .insertInto('isp_countries')
        .values({
          key: country.key,
          label: country.label,
          iso2: country.iso2.toUpperCase(),
          is_active: true,
          sort,
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            ...fromNewRow<'isp_countries'>(['label', 'iso2', 'sort']),
            is_active: true,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      countryKeys.push(country.key);
      countryIds.set(country.key, row.id);
    }
    await deactivateAllBut(tx, 'isp_countries', countryKeys);

    const locationKeys: string[] = [];
    for (const [sort, location] of catalogue.unlim.locations.entries()) {
      await tx
        .insertInto('unlim_locations')
        .values({
          key: location.key,
          name: location.name,
          iso2: location.iso2.toUpperCase(),
          city: location.city ?? null,
          is_active: location.is_active,
          sort,
        })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet(
              fromNewRow<'unlim_locations'>(['name', 'iso2', 'city', 'is_active', 'sort']),
            ),
        )
        .execute();
      locationKeys.push(location.key);
    }
    await deactivateAllBut(tx, 'unlim_locations', locationKeys);

    type Row = {
      key: string;
      family: 'dynamic' | 'premium' | 'isp' | 'unlim';
      title: string;
      price_cents: number;
      traffic_gb: number | null;
      duration_days: number | null;
      speed_limit_mbps: number | null;
      ports: number | null;
      country_id: number | null;
    };
    const none = {
      traffic_gb: null,
      duration_days: null,
      speed_limit_mbps: null,
      ports: null,
      country_id: null,
    };
    const rows: Row[] = [
      ...catalogue.dynamic.map((t) => ({
        ...none,
        key: t.key,
        family: 'dynamic' as const,
        title: t.title,
        price_cents: toCents(t.price),
        traffic_gb: t.traffic_gb,
        duration_days: 30,
      })),
      ...catalogue.premium.map((t) => ({
        ...none,
        key: t.key,
        family: 'premium' as const,
        title: t.title,
        price_cents: toCents(t.price),
        traffic_gb: t.traffic_gb,
        duration_days: 30,
      })),
      ...catalogue.unlim.tariffs.map((t) => ({
        ...none,
        key: t.key,
        family: 'unlim' as const,
        title: t.title,
        price_cents: toCents(t.price),
        duration_days: t.duration_days,
        speed_limit_mbps: t.speed_limit,
      })),
      ...catalogue.isp.countries.flatMap((c) =>
        c.tariffs.map((t) => ({
          ...none,
          key: t.key,
          family: 'isp' as const,
          title: t.title,
          price_cents: toCents(t.price),
          ports: t.ports,
          country_id: countryIds.get(c.key) ?? null,
        })),
      ),
    ];
    for (const [sort, row] of rows.entries()) {
      await tx
        .insertInto('tariffs')
        .values({ ...row, sort, is_active: true })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            ...fromNewRow<'tariffs'>([
              'family',
              'title',
              'price_cents',
              'traffic_gb',
              'duration_days',
              'speed_limit_mbps',
              'ports',
              'country_id',
              'sort',
            ]),
            is_active: true,
          }),
        )
        .execute();
    }
    const keys = rows.map((r) => r.key);
    await deactivateAllBut(tx, 'tariffs', keys);
    return { tariffs: rows.length, countries: countryKeys.length, locations: locationKeys.length };
  });
