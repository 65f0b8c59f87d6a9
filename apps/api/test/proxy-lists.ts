import type { DbRoot } from '@proxy/db';

/**
 * Direct exits in Germany (two cities, one with a region), France and the US, and an inactive
 * one in Japan: the location lists, presets and the generator answer with data. Exits are
 * global to a database, so tests that add them run on a scratch database of their own.
 */
export const insertLocationExits = (db: DbRoot) =>
  db
    .insertInto('gateway_exits')
    .values([
      {
        name: 'de-munich',
        kind: 'direct',
        country: 'DE',
        region: 'bavaria',
        city: 'munich',
        isp: 'Telekom',
      },
      { name: 'de-berlin', kind: 'direct', country: 'DE', city: 'berlin', isp: 'Vodafone' },
      { name: 'fr-paris', kind: 'direct', country: 'FR', city: 'paris' },
      { name: 'us-ny', kind: 'direct', country: 'US', region: 'new-york', city: 'new-york' },
      { name: 'jp-off', kind: 'direct', country: 'JP', city: 'tokyo', is_active: false },
    ])
    .execute();

/** A valid proxy list of 3 login-authenticated entries over the European preset. */
export const LOGIN_PROXY_LIST = {
  name: 'Shop1',
  proxy_link_format: 'ip',
  auth_type: 0,
  location_preset: 'europe',
  rotation_period: -1,
  proxy_format: 0,
  ports_count: 3,
} as const;
