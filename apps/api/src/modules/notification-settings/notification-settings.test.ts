import { describe, expect, it } from 'vitest';
import { NOTIFICATION_DATA_SCHEMAS } from '@proxy/contract';
import { registerUser, useTestApp } from '../../../test/helpers.ts';
import { TEXTS, errorBody, localeFile } from '../../../test/texts.ts';

const ctx = useTestApp();

type Group = {
  id: string;
  type: string;
  settings: { name: string; channels: { mail: boolean; database: boolean; telegram: boolean } }[];
};

const pageTexts = (language: 'en' | 'ru') =>
  localeFile<{ saved: string; errors: Record<string, string> }>(language, 'notification-settings');

const getSettings = async (token: string) => {
  const response = await ctx.api.request('GET', '/api/profile/notification-settings', { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ settings: Group[] }>().settings;
};

const put = (token: string, settings: unknown, language: 'en' | 'ru' = 'en') =>
  ctx.api.request('PUT', '/api/profile/notification-settings/update', {
    token,
    language,
    payload: { settings },
  });

const channelsOf = (groups: Group[], name: string) =>
  groups.flatMap((group) => group.settings).find((setting) => setting.name === name)?.channels;

describe('GET /profile/notification-settings', () => {
  it('lists every event notify() sends once, in groups, with the defaults', async () => {
    const { token } = await registerUser(ctx.app);
    const groups = await getSettings(token);
    expect(groups.map((group) => [group.id, group.type])).toEqual([
      ['packages', 'package'],
      ['finance', 'user'],
      ['account', 'user'],
    ]);
    const names = groups.flatMap((group) => group.settings.map((setting) => setting.name));
    expect(names.map((name) => `notifications.${name}`).sort()).toEqual(
      Object.keys(NOTIFICATION_DATA_SCHEMAS).sort(),
    );
    expect(channelsOf(groups, 'package_bought')).toEqual({
      mail: true,
      database: true,
      telegram: false,
    });
    // The welcome is not mailed (decision 061).
    expect(channelsOf(groups, 'welcome')).toEqual({ mail: false, database: true, telegram: false });
  });

  it('needs a session', async () => {
    const response = await ctx.api.request('GET', '/api/profile/notification-settings');
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /profile/notification-settings/update', () => {
  it('stores the sent settings, keeps the others and answers the new copy', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await put(
      token,
      [
        {
          id: 'packages',
          type: 'package',
          settings: [
            { name: 'package_bought', channels: { mail: false, database: true, telegram: true } },
          ],
        },
      ],
      'ru',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; message: string; settings: Group[] }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(pageTexts('ru').saved);
    expect(channelsOf(body.settings, 'package_bought')).toEqual({
      mail: false,
      database: true,
      telegram: true,
    });
    const again = await getSettings(token);
    expect(again).toEqual(body.settings);
    expect(channelsOf(again, 'top_up')).toEqual({ mail: true, database: true, telegram: false });
  });

  it('refuses unknown names and channels with field errors and changes nothing', async () => {
    const { token } = await registerUser(ctx.app);
    const before = await getSettings(token);
    const channels = { mail: false, database: false, telegram: true };
    const response = await put(token, [
      {
        id: 'packages',
        type: 'package',
        settings: [
          { name: 'package_bought', channels },
          { name: 'no_such_event', channels },
          { name: 'top_up', channels },
          { name: 'package_deleted', channels: { ...channels, sms: true } },
        ],
      },
    ]);
    expect(response.statusCode).toBe(422);
    const texts = pageTexts('en').errors;
    expect(response.json()).toEqual(
      errorBody('VALIDATION_FAILED', TEXTS.en.errors.validation, {
        'settings.0.settings.1.name': [texts.unknown_setting ?? ''],
        'settings.0.settings.2.name': [texts.wrong_group ?? ''],
        'settings.0.settings.3.channels.sms': [texts.unknown_channel ?? ''],
      }),
    );
    expect(await getSettings(token)).toEqual(before);
  });

  it('refuses a missing channel, a non-boolean and an unknown group', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await put(token, [
      {
        id: 'nope',
        type: 'user',
        settings: [{ name: 'top_up', channels: { mail: 'yes', database: true } }],
      },
    ]);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'settings.0.id',
      'settings.0.settings.0.channels.mail',
      'settings.0.settings.0.channels.telegram',
    ]);
  });

  it('needs a session', async () => {
    const response = await put('', []);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /profile/telegram without a bot', () => {
  it('says the bot is off: no deep link, nothing to offer', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.api.request('GET', '/api/profile/telegram', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enabled: false,
      bot_url: null,
      connected: false,
      telegram_user: null,
      promo_percent: 10,
      promo: null,
    });
  });

  it('the webhook route does not exist', async () => {
    const response = await ctx.api.request('POST', '/api/telegram/webhook', {
      payload: { update_id: 1 },
      headers: { 'x-telegram-bot-api-secret-token': ctx.config.TELEGRAM_WEBHOOK_SECRET },
    });
    expect(response.statusCode).toBe(404);
  });
});
