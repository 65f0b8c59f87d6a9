import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  verifiedUser,
  waitFor,
  type Registered,
  type TestContext,
} from '../../../test/helpers.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../../../test/telegram-stand-in.ts';
import { buyTariff, creditBalance, loadShop } from '../../../test/shop.ts';
import { waitUntilActive } from '../../../test/packages.ts';
import { localeFile } from '../../../test/texts.ts';

/** A bot of this file's own: the runner's lock is per bot, other files never compete for it. */
const BOT_TOKEN = `${randomInt(1_000_000_000, 2_000_000_000)}:dates-${randomInt(1e9)}`;
const CHAT_BASE = randomInt(1_000_000, 1_000_000_000) * 100;
let chats = 0;

let tg: TelegramStandIn;
let ctx: TestContext;

beforeAll(async () => {
  tg = await startTelegramStandIn(BOT_TOKEN);
  ctx = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_ROOT: tg.apiRoot,
    TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
    TELEGRAM_STANDBY_SECONDS: '0.2',
  });
  await loadShop(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
  await tg.close();
});

/** A verified user of `language` whose Telegram is connected, with a chat of its own. */
const connectedUser = async (language: 'en' | 'ru') => {
  const user = await verifiedUser(ctx, { locale: language });
  const chatId = CHAT_BASE + ++chats;
  const profile = await ctx.api.profile(user.token);
  tg.pushMessage(chatId, `/start ${profile.json<{ promo_token: string }>().promo_token}`, {
    username: 'tester',
  });
  await waitFor(() => tg.messagesTo(chatId)[0]);
  return { user, chatId };
};

/** Every channel of `name` (a package event) switched on. */
const allChannels = (user: Registered, name: string) =>
  ctx.api.request('PUT', '/api/profile/notification-settings/update', {
    token: user.token,
    payload: {
      settings: [
        {
          id: 'packages',
          type: 'package',
          settings: [{ name, channels: { mail: true, database: true, telegram: true } }],
        },
      ],
    },
  });

/**
 * The cabinet's date format (short date and time, day first: `en-GB` "27/01/2027, 04:38",
 * `ru-RU` "27.01.2027, 04:38") of an instant in UTC, which a mail or a message names.
 */
const inUtc = (iso: string, language: 'en' | 'ru') => {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  const [day, month, year] = [
    two(date.getUTCDate()),
    two(date.getUTCMonth() + 1),
    date.getUTCFullYear(),
  ];
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
  return language === 'en'
    ? `${day}/${month}/${year}, ${time} UTC`
    : `${day}.${month}.${year}, ${time} UTC`;
};

describe('dates in notifications', () => {
  it.each(['en', 'ru'] as const)(
    'an extension names its new expiry one way in the cabinet, the mail and Telegram (%s)',
    async (language) => {
      const { user, chatId } = await connectedUser(language);
      expect((await allChannels(user, 'package_extended')).statusCode).toBe(200);
      await creditBalance(ctx.database.db, user.id, 1_000);
      const bought = await buyTariff(ctx, user.token, 'base-1gb');
      const packageId = bought.json<{ package_id: number }>().package_id;
      await waitUntilActive(ctx.database.db, packageId);
      const extended = await ctx.api.request('POST', `/api/packages/${packageId}/extend`, {
        token: user.token,
        payload: {},
      });
      expect(extended.statusCode).toBe(200);
      const detail = await ctx.api.request('GET', `/api/packages/${packageId}`, {
        token: user.token,
      });
      const expiry = detail.json<{ data: { expired_at: string } }>().data.expired_at;

      // The cabinet gets the instant and writes it with its own date format.
      const page = await ctx.api.request('GET', '/api/profile/notifications', {
        token: user.token,
      });
      const notification = page
        .json<{ data: { type: string; data: { label: string; value: string }[] }[] }>()
        .data.find((n) => n.type === 'notifications.package_extended');
      expect(notification?.data.find((line) => line.label === 'date')?.value).toBe(expiry);

      // Mail and Telegram write it in the same format and the recipient's language, in UTC.
      const label = localeFile<{ labels: { date: string } }>(language, 'notifications').labels.date;
      const line = `${label}: ${inUtc(expiry, language)}`;
      const mail = await waitFor(() =>
        ctx.notificationMails.find(
          (m) =>
            m.to === user.email &&
            m.purpose === 'notification' &&
            m.type === 'notifications.package_extended',
        ),
      );
      if (mail.purpose !== 'notification') throw new Error('not a notification mail');
      expect(mail.content.text.split('\n')).toContain(line);
      expect(mail.content.html).toContain(`<p>${line}</p>`);
      const message = await waitFor(() =>
        tg.messagesTo(chatId).find((m) => m.text.includes(`#${packageId}`)),
      );
      expect(message.text.split('\n')).toContain(line);
    },
  );
});
