/**
 * A 100k-line export for `npm run bench`: one customer's dynamic package with 100
 * login lists of 1,000 entries, exported at once (GET /api/export/proxy-lists, the largest
 * export the API allows) in each format. For each: the time to the last byte, the bytes, and
 * how far the server's resident memory rose above its level before the request (sampled from
 * /proc every 10 ms): a streamed export stays flat however many lines it prints.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { EXPORT_FORMATS, EXPORT_LISTS_MAX, PORTS_COUNT_MAX } from '@proxy/contract';
import type { DbRoot } from '@proxy/db';
import { sealSecret, SECRET_PURPOSES } from '../src/lib/secret-box.ts';

const LISTS = EXPORT_LISTS_MAX;
const ENTRIES = PORTS_COUNT_MAX;
const PACKAGE_KEY = 'benchexportpackage';

const rssBytes = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
};

/** The package and its lists, straight into the database (set-based). */
const seedLists = async (db: DbRoot, userId: number, dataKey: Buffer) => {
  const sealed = sealSecret(dataKey, 'benchpassword1234', SECRET_PURPOSES.packagePassword);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO packages (user_id, type, tariff, price_cents, status, package_key, login,
      password_encrypted)
    VALUES (${userId}, 'dynamic', '{}'::jsonb, 0, 'active', ${PACKAGE_KEY}, 'benchlogin', ${sealed})
    RETURNING id`.execute(db);
  const packageId = rows[0]?.id;
  await sql`
    INSERT INTO proxy_lists (package_id, name, auth_type, login, location_preset,
      rotation_period, proxy_link_format, proxy_format, ports_count)
    SELECT ${packageId}, 'List' || g, 0, 'benchlist' || lpad(g::text, 11, '0'), 'world-mix',
      -1, 'ip', 0, ${ENTRIES}
    FROM generate_series(1, ${LISTS}) AS g`.execute(db);
  const lists = await db
    .selectFrom('proxy_lists')
    .select(['id', 'name'])
    .where('package_id', '=', Number(packageId))
    .orderBy('id')
    .execute();
  return lists;
};

export const benchExports = async (options: {
  db: DbRoot;
  baseUrl: string;
  /** The app server's process id (its memory is read from /proc). */
  pid: number;
  dataKey: Buffer;
  userId: number;
  token: string;
}): Promise<string[]> => {
  const lists = await seedLists(options.db, options.userId, options.dataKey);
  const query = lists
    .map(
      (list, index) =>
        `lists[${index}][id]=${list.id}&lists[${index}][name]=${list.name}` +
        `&lists[${index}][package_key]=${PACKAGE_KEY}`,
    )
    .join('&');
  const lines = [
    '',
    `Export of ${LISTS} lists x ${ENTRIES} lines (${(LISTS * ENTRIES).toLocaleString('en')} lines), GET /api/export/proxy-lists`,
    '| format |  seconds |      bytes | server RSS rise MB |',
    '|--------|----------|------------|--------------------|',
  ];
  for (const format of EXPORT_FORMATS) {
    // Garbage of the previous format is not this one's peak.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = rssBytes(options.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(options.pid));
    }, 10);
    const started = performance.now();
    const response = await fetch(
      `${options.baseUrl}/api/export/proxy-lists?format=${format}&${query}`,
      {
        headers: { authorization: `Bearer ${options.token}` },
      },
    );
    if (!response.ok || !response.body) throw new Error(`export ${format}: ${response.status}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format !== 'pdf') for (const byte of chunk) if (byte === 10) newlines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(options.pid));
    // A header row and one row per line.
    if (format !== 'pdf' && newlines !== LISTS * ENTRIES + 1)
      throw new Error(`export ${format}: ${newlines} lines`);
    lines.push(
      `| ${format.padEnd(6)} | ${seconds.toFixed(2).padStart(8)} | ${String(bytes).padStart(10)} | ${((peak - before) / 1024 / 1024).toFixed(1).padStart(18)} |`,
    );
  }
  return lines;
};
