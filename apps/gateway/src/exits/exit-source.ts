import { EXIT_POOLS, type ExitPool } from '@proxy/contract';
import { openSecret, SECRET_PURPOSES, type DbRoot } from '@proxy/db';
import type { Exit } from './exit-table.ts';

const isPool = (value: string): value is ExitPool =>
  (EXIT_POOLS as readonly string[]).includes(value);

/** The active exits, upstream passwords opened with the data key (decision 068). */
export const loadExits = async (db: DbRoot, dataKey: Buffer): Promise<Exit[]> => {
  const rows = await db
    .selectFrom('gateway_exits')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    country: row.country,
    city: row.city,
    region: row.region,
    isp: row.isp,
    localAddress: row.local_address ?? undefined,
    upstreamHost: row.upstream_host,
    upstreamPort: row.upstream_port,
    usernameTemplate: row.username_template,
    upstreamPassword:
      row.upstream_password_encrypted === null
        ? null
        : openSecret(
            dataKey,
            row.upstream_password_encrypted,
            SECRET_PURPOSES.exitUpstreamPassword,
          ),
    // The column's check allows only pools; the filter keeps the type honest.
    serves: row.serves.filter(isPool),
    capacityMbps: row.capacity_mbps,
  }));
};
