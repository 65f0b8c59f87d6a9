import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { migrate, MIGRATIONS_DIR, SQUASHED } from './migrate.ts';
import { runSql, withDatabase } from './scratch-database.ts';

const adminUrl = inject('adminUrl');
const created: string[] = [];
afterAll(async () => {
  for (const name of created)
    await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** A database migrated with the `files` of the migrations only (the schema of that time). */
const databaseMigratedWith = async (files: readonly string[]) => {
  const name = `cabinet_inv_${randomBytes(4).toString('hex')}`;
  await runSql(adminUrl, `CREATE DATABASE ${name}`);
  created.push(name);
  const url = withDatabase(adminUrl, name);
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-up-to-'));
  for (const file of files) copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  await migrate(url, { dir });
  return url;
};

/** A database migrated up to the baseline only: the schema before the inventory. */
const databaseBeforeInventory = () => databaseMigratedWith([SQUASHED.baseline]);

describe('migration 0023: the inventory', () => {
  it('turns the old per-country pools into blocks, keeping who holds what and what rested', async () => {
    const url = await databaseBeforeInventory();
    await runSql(
      url,
      `INSERT INTO users (id, name, email, ref_link, api_key_digest, legacy_api_key)
         OVERRIDING SYSTEM VALUE
         VALUES (1, 'Old', 'old@example.com', 'ref0000001', 'digest', 'key');
       INSERT INTO isp_countries (id, key, label, iso2, capacity, allocated, ip_pool, released)
         VALUES (1, 'isp-de', 'Germany', 'DE', 10, 4, '["198.51.100.0/29"]', 1);
       INSERT INTO packages (id, user_id, type, tariff, price_cents, status, package_key, login,
           legacy_password, country_id, ips) OVERRIDING SYSTEM VALUE
         VALUES (7, 1, 'isp', '{}', 100, 'active', 'k7', 'l7', 'p', 1,
                 '["198.51.100.1", "198.51.100.2"]'),
                (8, 1, 'isp', '{}', 100, 'deactivate', 'k8', 'l8', 'p', 1, '["198.51.100.3"]');
       UPDATE packages SET deleted_at = now() WHERE id = 8;
       INSERT INTO isp_released_ips (country_id, ip, package_id, released_at)
         VALUES (1, '198.51.100.3', 8, '2026-01-02T00:00:00Z');`,
    );
    expect((await migrate(url)).applied).toContain('0023_inventory.sql');
    const blocks = await runSql<{ cidr: string; country: string }>(
      url,
      'SELECT cidr::text, country FROM isp_blocks',
    );
    expect(blocks).toEqual([{ cidr: '198.51.100.0/29', country: 'DE' }]);
    const addresses = await runSql<{ ip: string; package_id: string | null; rested: boolean }>(
      url,
      `SELECT host(ip) AS ip, package_id::text, released_at IS NOT NULL AS rested
       FROM isp_addresses ORDER BY ip`,
    );
    // A /29 has six usable addresses: two held by the live package, one rested since it came back.
    expect(addresses).toEqual([
      { ip: '198.51.100.1', package_id: '7', rested: false },
      { ip: '198.51.100.2', package_id: '7', rested: false },
      { ip: '198.51.100.3', package_id: null, rested: true },
      { ip: '198.51.100.4', package_id: null, rested: false },
      { ip: '198.51.100.5', package_id: null, rested: false },
      { ip: '198.51.100.6', package_id: null, rested: false },
    ]);
    const open = await runSql<{ ip: string; package_id: string }>(
      url,
      `SELECT host(ip) AS ip, package_id::text FROM isp_address_assignments
       WHERE released_at IS NULL ORDER BY ip`,
    );
    expect(open).toEqual([
      { ip: '198.51.100.1', package_id: '7' },
      { ip: '198.51.100.2', package_id: '7' },
    ]);
    // Two live packages can never hold one address.
    await expect(
      runSql(
        url,
        `INSERT INTO isp_address_assignments (ip, package_id) VALUES ('198.51.100.1', 8)`,
      ),
    ).rejects.toThrow(/isp_address_assignments_live_idx/);
  });
});

describe('migration 0024: payment expiry', () => {
  it('gives the payments waiting from before the lifetime of their provider, from their creation', async () => {
    const url = await databaseMigratedWith([SQUASHED.baseline, '0023_inventory.sql']);
    await runSql(
      url,
      `INSERT INTO users (id, name, email, ref_link, api_key_digest, legacy_api_key)
         OVERRIDING SYSTEM VALUE
         VALUES (1, 'Old', 'old@example.com', 'ref0000001', 'digest', 'key');
       INSERT INTO payments (user_id, provider, merchant_id, system_name, type, amount_cents,
           status, created_at)
         VALUES (1, 'sandbox', 5, 'Visa / Mastercard', 5, 100, 0, '2026-11-01T10:00:00Z'),
                (1, 'stripe', 1, 'Visa / Mastercard', 5, 200, 0, '2026-11-01T10:00:00Z'),
                (1, 'nowpayments', 3, 'Crypto BTC', 3, 300, 0, '2026-11-01T10:00:00Z'),
                (1, 'sandbox', 5, 'Visa / Mastercard', 5, 400, 1, '2026-11-01T10:00:00Z');`,
    );
    expect((await migrate(url)).applied).toContain('0024_payment_expiry.sql');
    const rows = await runSql<{ amount_cents: string; expires_at: string | null }>(
      url,
      `SELECT amount_cents::text,
         to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS expires_at
       FROM payments ORDER BY amount_cents`,
    );
    expect(rows).toEqual([
      { amount_cents: '100', expires_at: '2026-11-02 10:00' },
      { amount_cents: '200', expires_at: '2026-11-02 10:00' },
      { amount_cents: '300', expires_at: '2026-11-08 10:00' },
      { amount_cents: '400', expires_at: null },
    ]);
    // Expired is a status of its own now; anything else is still refused.
    await runSql(url, `UPDATE payments SET status = 3 WHERE amount_cents = 100`);
    await expect(
      runSql(url, `UPDATE payments SET status = 4 WHERE amount_cents = 200`),
    ).rejects.toThrow(/payments_status_check/);
  });
});

describe('migration 0025: notification dates', () => {
  it('turns the dates written as text in UTC into instants, leaving every other line as it was', async () => {
    const url = await databaseMigratedWith([
      SQUASHED.baseline,
      '0023_inventory.sql',
      '0024_payment_expiry.sql',
    ]);
    await runSql(
      url,
      `INSERT INTO users (id, name, email, ref_link, api_key_digest, legacy_api_key)
         OVERRIDING SYSTEM VALUE
         VALUES (1, 'Old', 'old@example.com', 'ref0000001', 'digest', 'key');
       INSERT INTO notifications (user_id, type, data) VALUES
         (1, 'notifications.package_extended',
          '[{"label": "package", "value": "Base 1 GB #7"}, {"label": "amount", "value": "$1"},
            {"label": "date", "value": "2027-01-27 04:38 UTC"}]'),
         (1, 'notifications.package_restored',
          '[{"label": "package", "value": "Base 1 GB #8"}, {"label": "date", "value": "2027-01-27"}]'),
         (1, 'notifications.top_up',
          '[{"label": "amount", "value": "$5"}, {"label": "method", "value": "2027-01-27 04:38 UTC"}]');`,
    );
    expect((await migrate(url)).applied).toContain('0025_notification_dates.sql');
    const rows = await runSql<{ data: { label: string; value: string }[] }>(
      url,
      'SELECT data FROM notifications ORDER BY created_at',
    );
    expect(rows.map((row) => row.data)).toEqual([
      [
        { label: 'package', value: 'Base 1 GB #7' },
        { label: 'amount', value: '$1' },
        { label: 'date', value: '2027-01-27T04:38:00.000Z' },
      ],
      [
        { label: 'package', value: 'Base 1 GB #8' },
        { label: 'date', value: '2027-01-27' },
      ],
      [
        { label: 'amount', value: '$5' },
        { label: 'method', value: '2027-01-27 04:38 UTC' },
      ],
    ]);
  });
});
