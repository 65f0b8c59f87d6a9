import type { Db, DbRoot } from '@proxy/db';
import { findTariffVersionById } from './catalogue.repository.ts';

export type VersionedTariff = NonNullable<Awaited<ReturnType<typeof findTariffVersionById>>>;

/**
 * Active tariffs by id, read once per process and database (decision 086): a purchase prices
 * from the copy and its statement checks the copy is current (tariffIsCurrentSql); when it is
 * not (another instance reloaded the catalogue), the purchase forgets it and reads it again.
 * Unknown and inactive ids are not kept: they are read each time, as before.
 */
const caches = new WeakMap<DbRoot, Map<number, VersionedTariff>>();

const cacheOf = (db: DbRoot) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

/** `via`: the open transaction to read through on a miss (never a second connection). */
export const findCachedTariff = async (
  db: DbRoot,
  id: number,
  via: Db = db,
): Promise<VersionedTariff | undefined> => {
  const cache = cacheOf(db);
  const cached = cache.get(id);
  if (cached) return cached;
  const tariff = await findTariffVersionById(via, id);
  if (tariff) cache.set(id, tariff);
  return tariff;
};

/** Drops the copy of tariff `id` (its statement found it changed). */
export const forgetCachedTariff = (db: DbRoot, id: number) => {
  cacheOf(db).delete(id);
};
