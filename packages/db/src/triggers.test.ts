import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { migrate } from './migrate.ts';
import { runSql, withDatabase } from './scratch-database.ts';

const adminUrl = inject('adminUrl');
const name = `cabinet_trg_${randomBytes(4).toString('hex')}`;
const url = withDatabase(adminUrl, name);
const client = new pg.Client({ connectionString: url });
const heard: pg.Notification[] = [];

beforeAll(async () => {
  await runSql(adminUrl, `CREATE DATABASE ${name}`);
  await migrate(url);
  await client.connect();
  client.on('notification', (message) => heard.push(message));
  for (const channel of ['gateway_packages', 'gateway_proxy_lists', 'gateway_exits']) {
    await client.query(`LISTEN ${channel}`);
  }
});
afterAll(async () => {
  await client.end();
  await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** What the statement announced: its notifications arrive at commit, before the next query. */
const announced = async (statement: string) => {
  heard.length = 0;
  await runSql(url, statement);
  await client.query('SELECT 1');
  return heard.map(({ channel, payload }) => `${channel}:${payload}`);
};

const one = async <T extends pg.QueryResultRow>(statement: string) =>
  (await runSql<T>(url, statement))[0] as T;

const newUser = async () =>
  (
    await one<{ id: string }>(
      `INSERT INTO users (name, email, ref_link, api_key_digest, api_key_encrypted)
       VALUES ('u', '${randomBytes(6).toString('hex')}@x.test', '${randomBytes(6).toString('hex')}',
               '${randomBytes(8).toString('hex')}', 'sealed')
       RETURNING id`,
    )
  ).id;

const newPackage = (userId: string, type = 'dynamic') =>
  `INSERT INTO packages (user_id, type, tariff, price_cents, package_key, login, password_encrypted)
   VALUES (${userId}, '${type}', '{}', 100, '${randomBytes(6).toString('hex')}',
           '${randomBytes(6).toString('hex')}', 'sealed')
   RETURNING id`;

describe('gateway_notify', () => {
  it('announces a package row by id when the gateway must re-read it, and only then', async () => {
    const userId = await newUser();
    heard.length = 0;
    const { id } = await one<{ id: string }>(newPackage(userId));
    await client.query('SELECT 1');
    expect(heard.map((h) => `${h.channel}:${h.payload}`)).toEqual([`gateway_packages:${id}`]);

    const byId = `FROM packages WHERE id = ${id}`;
    expect(await announced(`UPDATE packages SET auto_update = true WHERE id = ${id}`)).toEqual([]);
    expect(await announced(`UPDATE packages SET status = status WHERE id = ${id}`)).toEqual([]);
    expect(await announced(`UPDATE packages SET status = 'active' WHERE id = ${id}`)).toEqual([
      `gateway_packages:${id}`,
    ]);
    expect(await announced(`DELETE ${byId}`)).toEqual([`gateway_packages:${id}`]);
  });

  it('announces proxy lists by id and a change of the exits with an empty payload', async () => {
    const userId = await newUser();
    const { id: packageId } = await one<{ id: string }>(newPackage(userId));
    heard.length = 0;
    const { id } = await one<{ id: string }>(
      `INSERT INTO proxy_lists (package_id, name, auth_type, login, location_preset, rotation_period,
                                proxy_link_format, proxy_format, ports_count)
       VALUES (${packageId}, 'list', 0, '${'a'.repeat(20)}', 'world-mix', 0, 'ip', 0, 5)
       RETURNING id`,
    );
    await client.query('SELECT 1');
    expect(heard.map((h) => `${h.channel}:${h.payload}`)).toEqual([`gateway_proxy_lists:${id}`]);
    expect(await announced(`UPDATE proxy_lists SET name = 'renamed' WHERE id = ${id}`)).toEqual([]);
    expect(await announced(`UPDATE proxy_lists SET ports_count = 6 WHERE id = ${id}`)).toEqual([
      `gateway_proxy_lists:${id}`,
    ]);
    expect(await announced(`UPDATE gateway_exits SET is_active = is_active`)).toEqual([
      'gateway_exits:',
    ]);
  });
});

describe('user_counts_track', () => {
  const counts = async (list: string, userId: string) =>
    Object.fromEntries(
      (
        await runSql<{ k: string; n: string }>(
          url,
          `SELECT key1 || '/' || key2 AS k, n FROM user_counts
            WHERE user_id = ${userId} AND list = '${list}' AND n > 0`,
        )
      ).map((row) => [row.k, Number(row.n)]),
    );

  it('counts packages per type and status, a deleted one no longer', async () => {
    const userId = await newUser();
    const { id: a } = await one<{ id: string }>(newPackage(userId));
    await one(newPackage(userId));
    await one(newPackage(userId, 'isp'));
    expect(await counts('packages', userId)).toEqual({
      'dynamic/pending': 2,
      'isp/pending': 1,
    });
    await runSql(url, `UPDATE packages SET status = 'active' WHERE id = ${a}`);
    expect(await counts('packages', userId)).toEqual({
      'dynamic/pending': 1,
      'dynamic/active': 1,
      'isp/pending': 1,
    });
    await runSql(
      url,
      `UPDATE packages SET status = 'deactivate', deleted_at = now() WHERE id = ${a}`,
    );
    expect(await counts('packages', userId)).toEqual({
      'dynamic/pending': 1,
      'isp/pending': 1,
    });
    await runSql(url, `DELETE FROM packages WHERE user_id = ${userId}`);
    expect(await counts('packages', userId)).toEqual({});
  });

  it('counts payments per method and status', async () => {
    const userId = await newUser();
    const pay = (merchant: number) =>
      one<{ id: string }>(
        `INSERT INTO payments (user_id, provider, merchant_id, system_name, type, amount_cents)
         VALUES (${userId}, 'sandbox', ${merchant}, 'Sandbox', 1, 500) RETURNING id`,
      );
    const { id } = await pay(5);
    await pay(5);
    await pay(1);
    await runSql(url, `UPDATE payments SET status = 1 WHERE id = '${id}'`);
    expect(await counts('payments', userId)).toEqual({ '5/0': 1, '5/1': 1, '1/0': 1 });
    await runSql(url, `DELETE FROM payments WHERE id = '${id}'`);
    expect(await counts('payments', userId)).toEqual({ '5/0': 1, '1/0': 1 });
  });
});
