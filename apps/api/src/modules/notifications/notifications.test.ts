import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../test/api-client.ts';
import { useTestApp, registerUser } from '../../../test/helpers.ts';
import { customerWhoBought, loadShop, tariffByKey } from '../../../test/shop.ts';
import { REPO_ROOT } from '../../config/env.ts';
import { TEXTS, errorBody } from '../../../test/texts.ts';

const ctx = useTestApp();

type Page = {
  data: { id: string; type: string; created_at: string; read_at: string | null }[];
  meta: { next_cursor: string | null };
};

const list = async (token: string, query = '') => {
  const response = await ctx.api.request('GET', `/api/profile/notifications${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
};

const markRead = (token: string, id: string | undefined, language?: Language) =>
  ctx.api.request('PATCH', `/api/profile/notifications/${id}/read`, { token, language });

const markAllRead = (token: string) =>
  ctx.api.request('PATCH', '/api/profile/notifications/read-all', { token });

/** A user with no notifications (the welcome one removed) plus `count` rows, some sharing a timestamp. */
const userWith = async (count: number) => {
  const user = await registerUser(ctx.app);
  await ctx.database.db.deleteFrom('notifications').where('user_id', '=', user.id).execute();
  if (count > 0) {
    // Pairs share created_at exactly, so the id tiebreak of the keyset is exercised.
    await sql`
      INSERT INTO notifications (user_id, type, data, created_at)
      SELECT ${user.id}, 'notifications.test_' || g, '[]'::jsonb, timestamptz '2025-01-01' + ((g / 2) * interval '1 second')
      FROM generate_series(1, ${count}) AS g`.execute(ctx.database.db);
  }
  return user;
};

const collectAll = async (token: string, perPage: number) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page = await list(
      token,
      `?per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.data.length).toBeLessThanOrEqual(perPage);
    seen.push(...page.data.map((n) => n.id));
    cursor = page.meta.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { seen, pages };
};

describe('GET /profile/notifications', () => {
  it('empty list', async () => {
    const { token } = await userWith(0);
    expect(await list(token)).toEqual({ data: [], meta: { next_cursor: null } });
  });

  it('exactly per_page rows: one page and next_cursor null', async () => {
    const { token } = await userWith(10);
    const page = await list(token);
    expect(page.data).toHaveLength(10);
    expect(page.meta.next_cursor).toBeNull();
  });

  it('per_page + 1 rows: two pages, newest first, no duplicates or gaps, null at the end', async () => {
    const { token } = await userWith(11);
    const first = await list(token);
    expect(first.data).toHaveLength(10);
    expect(first.meta.next_cursor).toEqual(expect.any(String));
    const second = await list(token, `?cursor=${encodeURIComponent(first.meta.next_cursor ?? '')}`);
    expect(second.data).toHaveLength(1);
    expect(second.meta.next_cursor).toBeNull();
    expect(second.data[0]?.type).toBe('notifications.test_1');
    // 10 and 11 share the newest timestamp; the id decides between them.
    expect(['notifications.test_10', 'notifications.test_11']).toContain(first.data[0]?.type);
  });

  it('walks 25 rows with ties in pages of 4 in strict (created_at, id) descending order', async () => {
    const { token, id } = await userWith(25);
    const { seen, pages } = await collectAll(token, 4);
    expect(pages).toBe(7);
    expect(new Set(seen).size).toBe(25);
    const expected = await ctx.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it('per_page bounds and a bad cursor are 422', async () => {
    const { token } = await userWith(1);
    for (const query of [
      '?per_page=0',
      '?per_page=51',
      '?per_page=abc',
      '?cursor=not-a-cursor',
      `?cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    ]) {
      const response = await ctx.api.request('GET', `/api/profile/notifications${query}`, {
        token,
        language: 'ru',
      });
      expect(response.statusCode, query).toBe(422);
      const body = response.json<{ code: string; errors: Record<string, string[]> }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.values(body.errors).flat()).toContain(TEXTS.ru.validation.invalid_value);
    }
    expect((await list(token, '?per_page=50')).data).toHaveLength(1);
  });

  it('requires authentication', async () => {
    const response = await ctx.api.request('GET', '/api/profile/notifications');
    expect(response.statusCode).toBe(401);
  });
});

describe('reading notifications', () => {
  it('marks one as read; another user id or a malformed id is 404 with the not-found text', async () => {
    const alice = await userWith(2);
    const bob = await userWith(1);
    const [target, untouched] = (await list(alice.token)).data;
    const bobsId = (await list(bob.token)).data[0]?.id ?? '';

    const response = await markRead(alice.token, target?.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      success: boolean;
      notification: { id: string; read_at: string | null };
    }>();
    expect(body.success).toBe(true);
    expect(body.notification.id).toBe(target?.id);
    expect(body.notification.read_at).not.toBeNull();

    // Reading again keeps the first read time.
    const again = await markRead(alice.token, target?.id);
    expect(again.json<{ notification: { read_at: string } }>().notification.read_at).toBe(
      body.notification.read_at,
    );

    for (const [id, language] of [
      [bobsId, 'en'],
      ['00000000-0000-0000-0000-000000000000', 'ru'],
      ['not-a-uuid', 'en'],
    ] as const) {
      const denied = await markRead(alice.token, id, language);
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual(errorBody('NOT_FOUND', TEXTS[language].errors.not_found));
    }
    expect((await list(bob.token)).data[0]?.read_at).toBeNull();
    const after = await list(alice.token);
    expect(after.data.find((n) => n.id === untouched?.id)?.read_at).toBeNull();
  });

  it('read-all marks only this user unread rows and reports the count', async () => {
    const alice = await userWith(3);
    const bob = await userWith(2);
    const first = (await list(alice.token)).data[0]?.id ?? '';
    await markRead(alice.token, first);
    const response = await markAllRead(alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, updated: 2 });
    expect((await list(alice.token)).data.every((n) => n.read_at !== null)).toBe(true);
    expect((await list(bob.token)).data.every((n) => n.read_at === null)).toBe(true);
    const none = await markAllRead(alice.token);
    expect(none.json()).toEqual({ success: true, updated: 0 });
  });
});

describe('notification data', () => {
  const labelsOf = (language: 'en' | 'ru') =>
    (
      JSON.parse(
        readFileSync(
          path.join(REPO_ROOT, 'apps/web/public/locales', language, 'notifications.json'),
          'utf8',
        ),
      ) as { labels: Record<string, string> }
    ).labels;

  it('a purchase notification carries bare label keys the cabinet translates in en and ru', async () => {
    await loadShop(ctx.database.db);
    const { user } = await customerWhoBought(ctx, 'base-5gb');
    const tariff = await tariffByKey(ctx.database.db, 'base-5gb');

    const response = await ctx.api.request('GET', '/api/profile/notifications', {
      token: user.token,
    });
    const page = response.json<{
      data: { type: string; data: { label: string; value: string }[] }[];
    }>();
    const notification = page.data.find((n) => n.type === 'notifications.package_bought');
    expect(notification?.data).toEqual([
      { label: 'package', value: tariff.title },
      { label: 'amount', value: '$4.75' },
    ]);
    for (const language of ['en', 'ru'] as const) {
      const labels = labelsOf(language);
      for (const line of notification?.data ?? [])
        expect(labels[line.label]).toEqual(expect.any(String));
    }
  });
});
