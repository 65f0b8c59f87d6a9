import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  createTestApp,
  verifiedUser,
  waitFor,
  type Registered,
  type TestContext,
} from '../../../test/helpers.ts';
import { startSmtpStandIn } from '../../../test/smtp-stand-in.ts';
import {
  TELEGRAM_BOT_USERNAME,
  botBlocked,
  startTelegramStandIn,
  tooManyRequests,
  type TelegramStandIn,
} from '../../../test/telegram-stand-in.ts';
import { buyTariff, creditBalance, loadShop, tariffByKey } from '../../../test/shop.ts';
import { localeFile } from '../../../test/texts.ts';
import { createMailer } from '../../integrations/mail/mailer.ts';

/** A bot of this file's own: the runner's lock is per bot, other files never compete for it. */
const BOT_TOKEN = `${randomInt(1_000_000_000, 2_000_000_000)}:stand-in-${randomInt(1e9)}`;
const CHAT_BASE = randomInt(1_000_000, 1_000_000_000) * 100;
let chats = 0;
const nextChat = () => CHAT_BASE + ++chats;

const botTexts = (language: 'en' | 'ru') =>
  localeFile<{ bot: Record<string, string> }>(language, 'notification-settings').bot;
const NOTIFICATION_TITLES = localeFile<{ notifications: Record<string, string> }>(
  'en',
  'notifications',
);

let tg: TelegramStandIn;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let ctx: TestContext;
let mailer: ReturnType<typeof createMailer>;

const telegramEnv = () => ({
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_API_ROOT: tg.apiRoot,
  TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
  TELEGRAM_STANDBY_SECONDS: '0.2',
  TELEGRAM_PROMO_PERCENT: '15',
});

beforeAll(async () => {
  tg = await startTelegramStandIn(BOT_TOKEN);
  smtp = await startSmtpStandIn();
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Cabinet <no-reply@proxy.local>',
    dataDir: tmpdir(),
    logger: { info: () => undefined, error: () => undefined },
  });
  ctx = await createTestApp(telegramEnv(), undefined, mailer);
  await loadShop(ctx.database.db);
});

afterAll(async () => {
  await ctx.close();
  mailer.close();
  await tg.close();
  await smtp.close();
});

type Profile = { promo_token: string; promo_token_used: boolean; telegram_connected: boolean };
type TelegramStatus = {
  enabled: boolean;
  bot_url: string | null;
  connected: boolean;
  telegram_user: string | null;
  promo: { code: string; percent: number; used: boolean } | null;
};

const profileOf = async (user: Registered) => (await ctx.api.profile(user.token)).json<Profile>();
const telegramOf = async (user: Registered) =>
  (
    await ctx.api.request('GET', '/api/profile/telegram', { token: user.token })
  ).json<TelegramStatus>();

/** The bot's next message to `chatId` after the `from`-th. */
const nextMessageTo = (chatId: number, from: number) => waitFor(() => tg.messagesTo(chatId)[from]);

/** A verified user connected through the deep link: /start {promo_token} in a new chat. */
const connectedUser = async () => {
  const user = await verifiedUser(ctx);
  const chatId = nextChat();
  const { promo_token } = await profileOf(user);
  tg.pushMessage(chatId, `/start ${promo_token}`, { username: 'tester' });
  const reply = await nextMessageTo(chatId, 0);
  return { user, chatId, reply };
};

type Channels = { mail: boolean; database: boolean; telegram: boolean };

/** PUT /profile/notification-settings/update of one setting. */
const saveSetting = (
  user: Registered,
  group: { id: string; type: string },
  name: string,
  channels: Channels,
) =>
  ctx.api.request('PUT', '/api/profile/notification-settings/update', {
    token: user.token,
    payload: { settings: [{ ...group, settings: [{ name, channels }] }] },
  });

const ACCOUNT = { id: 'account', type: 'user' };
const PACKAGES = { id: 'packages', type: 'package' };
const ALL_ON = { mail: true, database: true, telegram: true };

const changePassword = (user: Registered, from: string, to: string) =>
  ctx.api.changePassword(user.token, from, to);

describe('connecting Telegram', () => {
  it('the deep link connects the account, grants the one-time promo once, /stop disconnects', async () => {
    const user = await verifiedUser(ctx);
    const before = await profileOf(user);
    expect(before).toMatchObject({ telegram_connected: false, promo_token_used: false });
    const offer = await telegramOf(user);
    expect(offer).toMatchObject({
      enabled: true,
      connected: false,
      bot_url: `https://t.me/${TELEGRAM_BOT_USERNAME}?start=${before.promo_token}`,
      promo: null,
    });

    const chatId = nextChat();
    tg.pushMessage(chatId, `/start ${before.promo_token}`, { username: 'tester' });
    const reply = await nextMessageTo(chatId, 0);
    const after = await profileOf(user);
    expect(after).toMatchObject({ telegram_connected: true, promo_token_used: true });
    const status = await telegramOf(user);
    expect(status).toMatchObject({ connected: true, telegram_user: '@tester' });
    const promo = status.promo;
    expect(promo?.code).toMatch(/^TG-[A-Z0-9]{10}$/);
    expect(promo).toMatchObject({ percent: 15, used: false });
    const template = botTexts('en').connected_with_promo ?? '';
    expect(reply.text).toBe(
      template.replace('{{code}}', promo?.code ?? '').replace('{{percent}}', '15'),
    );

    // The code is its owner's: check-coupon knows it for them only.
    const tariff = await tariffByKey(ctx.database.db, 'base-5gb');
    const check = async (token: string) =>
      (
        await ctx.api.request('GET', `/api/tariff/${tariff.id}/check-coupon/${promo?.code}`, {
          token,
        })
      ).json<{ can_use: boolean; percent: number | null }>();
    expect(await check(user.token)).toMatchObject({ can_use: true, percent: 15 });
    const stranger = await verifiedUser(ctx);
    expect(await check(stranger.token)).toMatchObject({ can_use: false, percent: null });

    // The link opened again: connected, no second promo.
    tg.pushMessage(chatId, `/start ${before.promo_token}`);
    expect((await nextMessageTo(chatId, 1)).text).toBe(botTexts('en').connected);
    expect((await telegramOf(user)).promo?.code).toBe(promo?.code);

    tg.pushMessage(chatId, '/stop');
    expect((await nextMessageTo(chatId, 2)).text).toBe(botTexts('en').stopped);
    expect(await profileOf(user)).toMatchObject({
      telegram_connected: false,
      promo_token_used: true,
    });
    expect((await telegramOf(user)).connected).toBe(false);
  });

  it('a purchase with the promo code takes the discount; the code is then used', async () => {
    const { user } = await connectedUser();
    const code = (await telegramOf(user)).promo?.code ?? '';
    await creditBalance(ctx.database.db, user.id, 1_000);
    const tariff = await tariffByKey(ctx.database.db, 'base-5gb');
    const bought = await ctx.api.request('POST', '/api/tariff/buy', {
      token: user.token,
      payload: { tariff_id: tariff.id, promo: code },
    });
    expect(bought.statusCode).toBe(200);
    expect((await telegramOf(user)).promo?.used).toBe(true);
    const again = await ctx.api.request('POST', '/api/tariff/buy', {
      token: user.token,
      payload: { tariff_id: tariff.id, promo: code },
    });
    expect(again.statusCode).toBe(422);
  });

  it('an unknown token or no token connects nothing', async () => {
    const chatId = nextChat();
    tg.pushMessage(chatId, `/start ${'0'.repeat(32)}`, { language_code: 'ru' });
    expect((await nextMessageTo(chatId, 0)).text).toBe(botTexts('ru').unknown_link);
    tg.pushMessage(chatId, '/start', { language_code: 'ru' });
    expect((await nextMessageTo(chatId, 1)).text).toBe(botTexts('ru').start_without_link);
    tg.pushMessage(chatId, '/stop', { language_code: 'ru' });
    expect((await nextMessageTo(chatId, 2)).text).toBe(botTexts('ru').not_connected);
  });

  it('a chat connected to a second account leaves the first', async () => {
    const first = await connectedUser();
    const second = await verifiedUser(ctx);
    tg.pushMessage(first.chatId, `/start ${(await profileOf(second)).promo_token}`);
    await nextMessageTo(first.chatId, 1);
    expect((await profileOf(second)).telegram_connected).toBe(true);
    expect((await profileOf(first.user)).telegram_connected).toBe(false);
  });
});

describe('delivery per channel', () => {
  it('each channel as the settings say: a disabled channel sends nothing', async () => {
    const { user, chatId } = await connectedUser();
    const title = NOTIFICATION_TITLES.notifications.password_changed ?? '';
    const boughtTitle = NOTIFICATION_TITLES.notifications.package_bought ?? '';
    const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(user.email));
    const rows = () =>
      ctx.database.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', user.id)
        .where('type', '=', 'notifications.password_changed')
        .execute();

    // Defaults: mail and cabinet, no Telegram.
    expect((await changePassword(user, PASSWORD, 'password-new-1')).statusCode).toBe(200);
    await waitFor(() =>
      mailsTo().find((mail) => mail.raw.includes('Subject: Your password has been changed')),
    );
    expect(await rows()).toHaveLength(1);

    // Telegram only.
    const only = await saveSetting(user, ACCOUNT, 'password_changed', {
      mail: false,
      database: false,
      telegram: true,
    });
    expect(only.statusCode).toBe(200);
    const mailsBefore = mailsTo().length;
    expect((await changePassword(user, 'password-new-1', 'password-new-2')).statusCode).toBe(200);
    const message = await nextMessageTo(chatId, 1);
    expect(message.text.split('\n')[0]).toBe(title);
    expect(message.text).toContain(`${user.email}`);
    expect(message.text).toContain('http://cabinet.test/cabinet');
    expect(mailsTo()).toHaveLength(mailsBefore);
    expect(await rows()).toHaveLength(1);

    // Telegram off too: nothing anywhere.
    await saveSetting(user, ACCOUNT, 'password_changed', {
      mail: false,
      database: false,
      telegram: false,
    });
    expect((await changePassword(user, 'password-new-2', 'password-new-3')).statusCode).toBe(200);
    // A notification queued after it on every channel (a purchase) arrives on each: the change
    // had been through the same queues before it, and sent nothing.
    expect((await saveSetting(user, PACKAGES, 'package_bought', ALL_ON)).statusCode).toBe(200);
    await creditBalance(ctx.database.db, user.id, 1_000);
    expect((await buyTariff(ctx, user.token, 'base-5gb')).statusCode).toBe(200);
    expect((await nextMessageTo(chatId, 2)).text.split('\n')[0]).toBe(boughtTitle);
    await waitFor(() => mailsTo().find((mail) => mail.raw.includes(`Subject: ${boughtTitle}`)));
    expect(tg.messagesTo(chatId)).toHaveLength(3);
    expect(mailsTo()).toHaveLength(mailsBefore + 1);
    expect(await rows()).toHaveLength(1);
  });

  it('the purchase statement (notifySql) queues the Telegram message when switched on', async () => {
    const { user, chatId } = await connectedUser();
    expect((await saveSetting(user, PACKAGES, 'package_bought', ALL_ON)).statusCode).toBe(200);
    await creditBalance(ctx.database.db, user.id, 1_000);
    expect((await buyTariff(ctx, user.token, 'base-5gb')).statusCode).toBe(200);
    const message = await nextMessageTo(chatId, 1);
    expect(message.text.split('\n')[0]).toBe(NOTIFICATION_TITLES.notifications.package_bought);
  });

  it('a connected user with Telegram switched off gets no message', async () => {
    const { user, chatId } = await connectedUser();
    await creditBalance(ctx.database.db, user.id, 2_000);
    expect((await buyTariff(ctx, user.token, 'base-5gb')).statusCode).toBe(200);
    // Switched on, the next purchase's message comes, and it is the only one after the
    // connection reply: the first purchase's job went through the same queue before it.
    expect((await saveSetting(user, PACKAGES, 'package_bought', ALL_ON)).statusCode).toBe(200);
    const second = await tariffByKey(ctx.database.db, 'base-1gb');
    expect((await buyTariff(ctx, user.token, 'base-1gb')).statusCode).toBe(200);
    expect((await nextMessageTo(chatId, 1)).text).toContain(second.title);
    expect(tg.messagesTo(chatId)).toHaveLength(2);
  });
});

describe('Telegram errors', () => {
  it('a 429 is retried after its retry_after, not before', async () => {
    const { user, chatId } = await connectedUser();
    await saveSetting(user, ACCOUNT, 'password_changed', ALL_ON);
    tg.failNext(chatId, tooManyRequests(2));
    expect((await changePassword(user, PASSWORD, 'password-new-1')).statusCode).toBe(200);
    const message = await nextMessageTo(chatId, 1);
    const attempts = tg.state.attempts.filter((attempt) => attempt.chatId === chatId);
    const limited = attempts.find((attempt) => attempt.answer === 429);
    expect(limited).toBeDefined();
    expect(message.at - (limited?.at ?? 0)).toBeGreaterThanOrEqual(2_000);
    expect(attempts.filter((attempt) => attempt.answer === 200)).toHaveLength(2);
  });

  it('a bot blocked by the user disconnects the account', async () => {
    const { user, chatId } = await connectedUser();
    await saveSetting(user, ACCOUNT, 'password_changed', ALL_ON);
    tg.failNext(chatId, botBlocked);
    expect((await changePassword(user, PASSWORD, 'password-new-1')).statusCode).toBe(200);
    await waitFor(async () => ((await profileOf(user)).telegram_connected ? undefined : true));
    expect(tg.state.attempts.filter((attempt) => attempt.chatId === chatId).at(-1)?.answer).toBe(
      403,
    );
  });
});

describe('one bot runner', () => {
  it('of two instances one polls; when it stops, the other takes over', async () => {
    await waitFor(() => (tg.isPolling() ? true : undefined));
    const second = await createTestApp(telegramEnv());
    try {
      const conflicts = tg.state.conflicts;
      const calls = tg.state.getUpdatesCalls;
      // Several polling rounds (1 s each) with both instances up.
      await waitFor(() => (tg.state.getUpdatesCalls >= calls + 3 ? true : undefined));
      expect(tg.state.conflicts).toBe(conflicts);
      const user = await verifiedUser(second);
      const chatId = nextChat();
      tg.pushMessage(chatId, `/start ${(await profileOf(user)).promo_token}`);
      await nextMessageTo(chatId, 0);
      // The next message in the chat is answered next: the first was handled once.
      tg.pushMessage(chatId, 'hello');
      expect((await nextMessageTo(chatId, 1)).text).toBe(botTexts('en').help);
      expect(tg.messagesTo(chatId)).toHaveLength(2);

      // The runner (the first app) stops: the second takes the lock and polls.
      await ctx.app.close();
      const other = nextChat();
      tg.pushMessage(other, '/stop');
      expect((await nextMessageTo(other, 0)).text).toBe(botTexts('en').not_connected);
      expect(tg.state.conflicts).toBe(conflicts);
    } finally {
      await second.close();
    }
  });
});

describe('webhook mode', () => {
  it('the runner registers the webhook; posts with the secret token are handled', async () => {
    const token = `${randomInt(1_000_000_000, 2_000_000_000)}:webhook-${randomInt(1e9)}`;
    const hook = await startTelegramStandIn(token);
    const app = await createTestApp({
      ...telegramEnv(),
      TELEGRAM_BOT_TOKEN: token,
      TELEGRAM_API_ROOT: hook.apiRoot,
      TELEGRAM_WEBHOOK_URL: 'https://cabinet.test/api/telegram/webhook',
      TELEGRAM_WEBHOOK_SECRET: 'webhook-secret',
    });
    try {
      await waitFor(() => hook.state.webhook ?? undefined);
      expect(hook.state.webhook).toEqual({
        url: 'https://cabinet.test/api/telegram/webhook',
        secret: 'webhook-secret',
      });
      expect(hook.state.getUpdatesCalls).toBe(0);
      const user = await verifiedUser(app);
      const chatId = nextChat();
      const update = {
        update_id: 1,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: 'Tester' },
          from: { id: chatId, is_bot: false, first_name: 'Tester' },
          text: `/start ${(await app.api.profile(user.token)).json<Profile>().promo_token}`,
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        },
      };
      const post = (secret?: string) =>
        app.api.request('POST', '/api/telegram/webhook', {
          payload: update,
          headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {},
        });
      expect((await post()).statusCode).toBe(404);
      expect((await post('wrong')).statusCode).toBe(404);
      expect(hook.messagesTo(chatId)).toHaveLength(0);
      const accepted = await post('webhook-secret');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ ok: true });
      expect((await app.api.profile(user.token)).json<Profile>().telegram_connected).toBe(true);
      expect(hook.messagesTo(chatId)).toHaveLength(1);
    } finally {
      await app.close();
      await hook.close();
    }
  });
});
