import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { openSecret, parseDataKey, sealSecret, SECRET_PURPOSES } from '@proxy/db';
import { findUserByApiKey } from '../modules/users/users.repository.ts';
import type { ApiClient } from '../../test/api-client.ts';
import {
  createTestApp,
  PASSWORD,
  useTestApp,
  verifiedUser,
  type Registered,
} from '../../test/helpers.ts';
import { customerWhoBought, loadShop } from '../../test/shop.ts';
import { sealLegacySecrets } from './secrets-at-rest.ts';

const ctx = useTestApp();
beforeAll(async () => {
  await loadShop(ctx.database.db);
});

const db = () => ctx.database.db;

/** A verified customer who bought one dynamic package. */
const customerWithPackage = () => customerWhoBought(ctx, 'base-1gb');

const apiKeyOf = async (api: ApiClient, user: Registered) =>
  (await api.profile(user.token)).json<{ user: { api_key: string } }>().user.api_key;

const passwordOf = async (api: ApiClient, user: Registered, packageId: number) => {
  const response = await api.request('GET', `/api/packages/${packageId}`, { token: user.token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { login: string; password: string } }>().data.password;
};

/** Like pg_dump's data: every row of every table in the schema, as text. */
const dumpContaining = async (needle: string) => {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db());
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['users', 'packages']));
  const hits: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(name)} as t
      where strpos(t::text, ${needle}) > 0`.execute(db());
    if ((rows[0]?.n ?? 0) > 0) hits.push(name);
  }
  return hits;
};

describe('API keys and package passwords at rest', () => {
  it('the owner sees the key and the password; no table holds either in plain text', async () => {
    const { user, packageId } = await customerWithPackage();
    const apiKey = await apiKeyOf(ctx.api, user);
    expect(apiKey).toMatch(/^[0-9a-f]{32}$/);
    const password = await passwordOf(ctx.api, user, packageId);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);

    // The login answer shows the same key.
    const login = await ctx.api.login(user.email, PASSWORD);
    expect(login.json<{ user: { api_key: string } }>().user.api_key).toBe(apiKey);

    const userRow = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(userRow.legacy_api_key).toBeNull();
    expect(userRow.api_key_encrypted).toMatch(/^v1\./);
    expect(JSON.stringify(userRow)).not.toContain(apiKey);
    const packageRow = await db()
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', packageId)
      .executeTakeFirstOrThrow();
    expect(packageRow.legacy_password).toBeNull();
    expect(packageRow.password_encrypted).toMatch(/^v1\./);
    expect(JSON.stringify(packageRow)).not.toContain(password);

    expect(await dumpContaining(apiKey)).toEqual([]);
    expect(await dumpContaining(password)).toEqual([]);
  });

  it('a user is still found by the API key (through its digest)', async () => {
    const user = await verifiedUser(ctx);
    const apiKey = await apiKeyOf(ctx.api, user);
    expect((await findUserByApiKey(db(), apiKey))?.id).toBe(user.id);
    expect(await findUserByApiKey(db(), `${apiKey.slice(0, -1)}x`)).toBeUndefined();
  });

  it('the startup step encrypts rows still in plain text, once, and they keep working', async () => {
    const { user, packageId } = await customerWithPackage();
    // Rows as migration 0009 leaves data written before it: plain text in legacy_*.
    const legacyKey = randomBytes(16).toString('hex');
    const legacyPassword = `legacy${randomBytes(5).toString('hex')}`;
    await db()
      .updateTable('users')
      .set({
        legacy_api_key: legacyKey,
        api_key_encrypted: null,
        api_key_digest: sql<string>`encode(sha256(convert_to(${legacyKey}::text, 'UTF8')), 'hex')`,
      })
      .where('id', '=', user.id)
      .execute();
    await db()
      .updateTable('packages')
      .set({ legacy_password: legacyPassword, password_encrypted: null })
      .where('id', '=', packageId)
      .execute();
    expect(await dumpContaining(legacyKey)).toEqual(['users']);

    // The next start (a new app on the same database) encrypts them before serving.
    const restarted = await createTestApp();
    try {
      expect(await dumpContaining(legacyKey)).toEqual([]);
      expect(await dumpContaining(legacyPassword)).toEqual([]);
      expect(await apiKeyOf(restarted.api, user)).toBe(legacyKey);
      expect(await passwordOf(restarted.api, user, packageId)).toBe(legacyPassword);
      expect((await findUserByApiKey(db(), legacyKey))?.id).toBe(user.id);
      // Idempotent: nothing left to seal, nothing changes.
      const before = await db()
        .selectFrom('users')
        .select('api_key_encrypted')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(await sealLegacySecrets(db(), ctx.config.DATA_ENCRYPTION_KEY)).toBe(0);
      const after = await db()
        .selectFrom('users')
        .select('api_key_encrypted')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    } finally {
      await restarted.close();
    }
  });

  it('a wrong DATA_ENCRYPTION_KEY stops the start with a clear error', async () => {
    await verifiedUser(ctx);
    await expect(
      createTestApp({ DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') }),
    ).rejects.toThrow(/DATA_ENCRYPTION_KEY does not decrypt the secrets stored in this database/);
  });

  it('DATA_ENCRYPTION_KEY is required with DATABASE_URL and must be 32 bytes', () => {
    const server = {
      DATABASE_URL: 'postgres://db.example/cabinet',
      DATA_DIR: '/nonexistent',
      APP_SECRET: 'a-server-secret-a-server-secret-0123456789',
    };
    expect(() => loadConfig({ ...server, DATA_ENCRYPTION_KEY: undefined })).toThrow(
      /DATA_ENCRYPTION_KEY: required with DATABASE_URL/,
    );
    expect(() => loadConfig({ ...server, DATA_ENCRYPTION_KEY: 'abcd' })).toThrow(
      /DATA_ENCRYPTION_KEY must be 32 bytes/,
    );
    const key = randomBytes(32);
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64url')])
      expect(loadConfig({ ...server, DATA_ENCRYPTION_KEY: text }).DATA_ENCRYPTION_KEY).toEqual(key);
  });

  it('sealed values open only with their key and for their column', () => {
    const key = parseDataKey(randomBytes(32).toString('hex'));
    const sealed = sealSecret(key, 'secret-value', SECRET_PURPOSES.apiKey);
    expect(sealed).not.toBe(sealSecret(key, 'secret-value', SECRET_PURPOSES.apiKey));
    expect(openSecret(key, sealed, SECRET_PURPOSES.apiKey)).toBe('secret-value');
    expect(() => openSecret(key, sealed, SECRET_PURPOSES.packagePassword)).toThrow(
      /DATA_ENCRYPTION_KEY is not the key/,
    );
    expect(() => openSecret(randomBytes(32), sealed, SECRET_PURPOSES.apiKey)).toThrow(
      /DATA_ENCRYPTION_KEY is not the key/,
    );
  });
});
