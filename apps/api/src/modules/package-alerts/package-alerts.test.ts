import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../integrations/mail/mailer.ts';
import {
  createTestApp,
  verifiedUser,
  waitFor,
  type Registered,
  type TestContext,
} from '../../../test/helpers.ts';
import {
  activePackage,
  meter,
  setPackageColumns,
  waitUntilActive,
} from '../../../test/packages.ts';
import { buyTariff, creditBalance, loadShop, tariffByKey } from '../../../test/shop.ts';
import { startSmtpStandIn, type ReceivedMail } from '../../../test/smtp-stand-in.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../../../test/telegram-stand-in.ts';
import { errorBody, localeFile } from '../../../test/texts.ts';
import { sendExpiryAlerts, sendTrafficAlerts } from './package-alerts.service.ts';

const GB = 1024 ** 3;
const DAY_MS = 86_400_000;

/** A bot of this file's own: the runner's lock is per bot, other files never compete for it. */
const BOT_TOKEN = `${randomInt(1_000_000_000, 2_000_000_000)}:alerts-${randomInt(1e9)}`;
const CHAT_BASE = randomInt(1_000_000, 1_000_000_000) * 100;
let chats = 0;

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let tg: TelegramStandIn;
let ctx: TestContext;
const db = () => ctx.database.db;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  tg = await startTelegramStandIn(BOT_TOKEN);
  const quiet = { info: () => undefined, error: () => undefined };
  ctx = await createTestApp(
    {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
      TELEGRAM_STANDBY_SECONDS: '0.2',
    },
    undefined,
    // Notification mails over real SMTP, to the stand-in relay.
    createMailer({
      smtpUrl: smtp.url,
      from: 'Cabinet <no-reply@proxy.local>',
      dataDir: tmpdir(),
      logger: quiet,
    }),
  );
  await loadShop(db());
});
afterAll(async () => {
  await ctx.close();
  await tg.close();
  await smtp.close();
});

type AlertsAnswer = {
  data: {
    traffic_percents: number[];
    expiry_days: number[];
    has_traffic: boolean;
    has_expiry: boolean;
  };
};

const getAlerts = (user: Registered, id: number | string) =>
  ctx.api.request('GET', `/api/packages/${id}/alerts`, { token: user.token });
const putAlerts = (user: Registered, id: number | string, payload: unknown) =>
  ctx.api.request('PUT', `/api/packages/${id}/alerts`, {
    token: user.token,
    payload: payload as Record<string, unknown>,
  });
const setAlerts = async (
  user: Registered,
  id: number,
  alerts: { traffic_percents: number[]; expiry_days: number[] },
) => {
  const response = await putAlerts(user, id, alerts);
  expect(response.statusCode).toBe(200);
  return response.json<AlertsAnswer>().data;
};

type Line = { label: string; value: string };
/** The user's notifications of `type`, through GET /api/profile/notifications. */
const notified = async (user: Registered, type: 'traffic_alert' | 'expiry_alert') => {
  const page = await ctx.api.request('GET', '/api/profile/notifications?per_page=50', {
    token: user.token,
  });
  expect(page.statusCode).toBe(200);
  return page
    .json<{ data: { type: string; data: Line[] }[] }>()
    .data.filter((n) => n.type === `notifications.${type}`)
    .map((n) => n.data);
};
const scopeOf = (user: Registered) => ({ userIds: [user.id] });
const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
/** Several workers running the same sweep at the same moment, as several API instances do. */
const concurrently = <T>(workers: number, run: () => Promise<T>) =>
  Promise.all(Array.from({ length: workers }, run));
const expiryOf = async (id: number) =>
  (
    await db()
      .selectFrom('packages')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).expires_at!.getTime();

describe('GET and PUT /packages/:id/alerts', () => {
  it('a new package has none; saved lists come back ascending', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const fresh = await getAlerts(user, packageId);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<AlertsAnswer>().data).toEqual({
      traffic_percents: [],
      expiry_days: [],
      has_traffic: true,
      has_expiry: true,
    });
    const saved = await setAlerts(user, packageId, {
      traffic_percents: [95, 50, 80],
      expiry_days: [1, 7, 3],
    });
    expect(saved).toMatchObject({ traffic_percents: [50, 80, 95], expiry_days: [1, 3, 7] });
    expect((await getAlerts(user, packageId)).json<AlertsAnswer>().data).toEqual(saved);
    // Emptied again: no alerts of either kind.
    await setAlerts(user, packageId, { traffic_percents: [], expiry_days: [] });
    expect((await getAlerts(user, packageId)).json<AlertsAnswer>().data).toMatchObject({
      traffic_percents: [],
      expiry_days: [],
    });
  });

  it('bad input is a field error in the one error shape and changes nothing', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const before = await setAlerts(user, packageId, { traffic_percents: [50], expiry_days: [3] });
    const percentRange = localeFile<{ alerts: { errors: Record<string, string> } }>(
      'en',
      'packages',
    ).alerts.errors;
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { traffic_percents: [0], expiry_days: [31] },
        {
          'traffic_percents.0': [percentRange.percent_range ?? ''],
          'expiry_days.0': [percentRange.days_range ?? ''],
        },
      ],
      [
        { traffic_percents: [101, 50.5], expiry_days: [] },
        {
          'traffic_percents.0': [percentRange.percent_range ?? ''],
          'traffic_percents.1': [percentRange.percent_range ?? ''],
        },
      ],
      [
        { traffic_percents: [50, 50], expiry_days: [] },
        { traffic_percents: [percentRange.duplicate ?? ''] },
      ],
      [
        { traffic_percents: [10, 20, 30, 40, 50, 60], expiry_days: [] },
        { traffic_percents: [percentRange.too_many ?? ''] },
      ],
      [
        { traffic_percents: ['50'], expiry_days: [] },
        { 'traffic_percents.0': [percentRange.percent_range ?? ''] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await putAlerts(user, packageId, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(
        errorBody('VALIDATION_FAILED', expect.any(String) as unknown as string, errors),
      );
    }
    // A missing list is an error too, never a 500.
    const missing = await putAlerts(user, packageId, { traffic_percents: [50] });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<{ errors: object }>().errors)).toEqual(['expiry_days']);
    expect((await getAlerts(user, packageId)).json<AlertsAnswer>().data).toEqual(before);
  });

  it('traffic percentages on a package without a traffic limit are refused', async () => {
    const user = await verifiedUser(ctx);
    await creditBalance(db(), user.id, 89_000);
    const location = await db()
      .selectFrom('unlim_locations')
      .select('id')
      .where('key', '=', 'de-frankfurt')
      .executeTakeFirstOrThrow();
    const bought = await ctx.api.request('POST', '/api/tariff/buy-unlim', {
      token: user.token,
      payload: {
        tariff_id: (await tariffByKey(db(), 'unlim-7d-100mbps')).id,
        location_id: location.id,
      },
    });
    expect(bought.statusCode).toBe(200);
    const packageId = bought.json<{ package_id: number }>().package_id;
    expect((await getAlerts(user, packageId)).json<AlertsAnswer>().data.has_traffic).toBe(false);
    const refused = await putAlerts(user, packageId, { traffic_percents: [50], expiry_days: [3] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      traffic_percents: [
        localeFile<{ alerts: { errors: { no_traffic: string } } }>('en', 'packages').alerts.errors
          .no_traffic,
      ],
    });
    expect((await getAlerts(user, packageId)).json<AlertsAnswer>().data.expiry_days).toEqual([]);
    // Days before the expiry are fine for it.
    expect(
      await setAlerts(user, packageId, { traffic_percents: [], expiry_days: [3] }),
    ).toMatchObject({ expiry_days: [3] });
  });

  it("another user's, an unknown, a malformed or a deleted package is 404 for both", async () => {
    const owner = await activePackage(ctx, 'base-1gb');
    const other = await verifiedUser(ctx);
    const alerts = { traffic_percents: [50], expiry_days: [] };
    for (const id of [owner.packageId, 999_999_999, 'abc']) {
      const read = await getAlerts(other, id);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect((await putAlerts(other, id, alerts)).statusCode).toBe(404);
    }
    expect(
      (await getAlerts(owner.user, owner.packageId)).json<AlertsAnswer>().data.traffic_percents,
    ).toEqual([]);
    await setPackageColumns(db(), owner.packageId, { deleted_at: new Date() });
    expect((await putAlerts(owner.user, owner.packageId, alerts)).statusCode).toBe(404);
  });
});

describe('traffic alerts', () => {
  it('crossing 50% sends exactly one notification while usage flushes and sweeps run at once', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    await setAlerts(user, packageId, { traffic_percents: [50, 80], expiry_days: [] });
    await meter(db(), packageId, 1, 0, Math.floor(GB * 0.45));
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(0);

    // Five flushes of 2% from several gateway instances while three instances sweep.
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => meter(db(), packageId, 0, Math.floor(GB * 0.02), 0)),
      ...Array.from({ length: 3 }, () => sendTrafficAlerts(db(), scopeOf(user))),
    ]);
    const duringFlushes = sum(results.filter((r): r is number => typeof r === 'number'));
    const after = sum(await concurrently(3, () => sendTrafficAlerts(db(), scopeOf(user))));
    expect(duringFlushes + after).toBe(1);
    const alerts = await notified(user, 'traffic_alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.map((line) => line.label)).toEqual(['package', 'used']);
    expect(alerts[0]?.[0]?.value).toBe(`Base 1 GB #${packageId}`);
    expect(alerts[0]?.[1]?.value).toMatch(/^5\d%$/);
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(0);
  });

  it('each threshold once per period; a jump over several sends one; an extension re-arms them', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    await setAlerts(user, packageId, { traffic_percents: [50, 80], expiry_days: [] });
    await meter(db(), packageId, 1, 0, Math.ceil(GB * 0.85));
    // 50 and 80 reached at once: one notification, of the share used.
    expect(sum(await concurrently(3, () => sendTrafficAlerts(db(), scopeOf(user))))).toBe(1);
    expect((await notified(user, 'traffic_alert')).map((lines) => lines[1]?.value)).toEqual([
      '85%',
    ]);
    await meter(db(), packageId, 0, 0, Math.floor(GB * 0.1));
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(0);

    // Extended: a new traffic period from 0, and the thresholds are armed again.
    const extended = await ctx.api.request('POST', `/api/packages/${packageId}/extend`, {
      token: user.token,
      payload: {},
    });
    expect(extended.statusCode).toBe(200);
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(0);
    await meter(db(), packageId, 0, 0, Math.floor(GB * 0.6));
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(1);
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(0);
    const all = await notified(user, 'traffic_alert');
    expect(all).toHaveLength(2);
    // Newest first: the new period's 50%.
    expect(all[0]?.[1]?.value).toMatch(/^(5\d|60)%$/);
  });
});

describe('expiry alerts', () => {
  it('each number of days once per expiry date; an extension re-arms them', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    await setAlerts(user, packageId, { traffic_percents: [], expiry_days: [7, 3] });
    const expiry = await expiryOf(packageId);
    const at = (msBefore: number) => ({ ...scopeOf(user), now: new Date(expiry - msBefore) });

    expect(await sendExpiryAlerts(db(), at(8 * DAY_MS))).toBe(0);
    expect(sum(await concurrently(3, () => sendExpiryAlerts(db(), at(6.5 * DAY_MS))))).toBe(1);
    expect(sum(await concurrently(3, () => sendExpiryAlerts(db(), at(4 * DAY_MS))))).toBe(0);
    expect(await sendExpiryAlerts(db(), at(2.5 * DAY_MS))).toBe(1);
    expect(await sendExpiryAlerts(db(), at(DAY_MS))).toBe(0);
    const date = new Date(expiry).toISOString();
    expect(await notified(user, 'expiry_alert')).toEqual([
      [
        { label: 'package', value: `Base 1 GB #${packageId}` },
        { label: 'days_left', value: '3' },
        { label: 'date', value: date },
      ],
      [
        { label: 'package', value: `Base 1 GB #${packageId}` },
        { label: 'days_left', value: '7' },
        { label: 'date', value: date },
      ],
    ]);

    // Extended: the new expiry date is alerted again; both thresholds passed make one.
    const extended = await ctx.api.request('POST', `/api/packages/${packageId}/extend`, {
      token: user.token,
      payload: {},
    });
    expect(extended.statusCode).toBe(200);
    const next = await expiryOf(packageId);
    expect(next).toBe(expiry + 30 * DAY_MS);
    const late = { ...scopeOf(user), now: new Date(next - 2 * DAY_MS) };
    expect(sum(await concurrently(2, () => sendExpiryAlerts(db(), late)))).toBe(1);
    expect(await sendExpiryAlerts(db(), late)).toBe(0);
    const all = await notified(user, 'expiry_alert');
    expect(all).toHaveLength(3);
    expect(all[0]?.[1]).toEqual({ label: 'days_left', value: '2' });
  });
});

describe('channels', () => {
  /** A verified user of `language` whose Telegram is connected, with a chat of its own. */
  const connectedUser = async (language: 'en' | 'ru') => {
    const user = await verifiedUser(ctx, { locale: language });
    const chatId = CHAT_BASE + ++chats;
    const profile = await ctx.api.profile(user.token);
    tg.pushMessage(chatId, `/start ${profile.json<{ promo_token: string }>().promo_token}`, {
      username: 'tester',
    });
    await waitFor(() => tg.messagesTo(chatId)[0]);
    await creditBalance(db(), user.id, 1_000);
    return { user, chatId };
  };
  const channels = (
    user: Registered,
    name: string,
    switches: { mail: boolean; database: boolean; telegram: boolean },
  ) =>
    ctx.api.request('PUT', '/api/profile/notification-settings/update', {
      token: user.token,
      payload: {
        settings: [{ id: 'packages', type: 'package', settings: [{ name, channels: switches }] }],
      },
    });
  /** A mail's subject (RFC 2047 words, folded or not) and its text part, decoded. */
  const readMail = (mail: ReceivedMail) => {
    const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
    const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
    const subject = subjectLine
      .replace(/\r?\n[ \t]/g, ' ')
      .replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/gi, (_m, b64: string) =>
        Buffer.from(b64, 'base64').toString('utf8'),
      );
    const body = rest.join('\n\n');
    const part =
      /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: (\S+)\r?\n\r?\n([^]*?)\r?\n--/.exec(
        body,
      );
    const encoded = part?.[2] ?? '';
    const text =
      part?.[1] === 'base64'
        ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8')
        : Buffer.from(
            encoded
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8');
    return { subject, text };
  };
  /** The mails the user received with `title` as their subject. */
  const mailsTo = (user: Registered, title: string) =>
    smtp.received
      .filter((m) => m.to.includes(user.email))
      .map(readMail)
      .filter((m) => m.subject === title);
  const texts = (language: 'en' | 'ru') =>
    localeFile<{ notifications: Record<string, string>; labels: Record<string, string> }>(
      language,
      'notifications',
    );

  it('by default in the cabinet and by mail; a ru customer reads it in Russian over SMTP and Telegram', async () => {
    const { user, chatId } = await connectedUser('ru');
    expect(
      (await channels(user, 'traffic_alert', { mail: true, database: true, telegram: true }))
        .statusCode,
    ).toBe(200);
    const { packageId } = await activeOf(user);
    await setAlerts(user, packageId, { traffic_percents: [50], expiry_days: [] });
    await meter(db(), packageId, 0, 0, GB / 2);
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(1);

    const ru = texts('ru');
    const title = ru.notifications.traffic_alert ?? '';
    const line = `${ru.labels.used ?? ''}: 50%`;
    expect(await notified(user, 'traffic_alert')).toHaveLength(1);
    const mail = await waitFor(() => mailsTo(user, title)[0]);
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([line, `Пакет: Base 1 GB #${packageId}`]),
    );
    expect(mail.text).toContain('Здравствуйте');
    const message = await waitFor(() =>
      tg.messagesTo(chatId).find((m) => m.text.includes(`#${packageId}`)),
    );
    expect(message.text.split('\n')).toEqual(expect.arrayContaining([title, line]));
    expect(mailsTo(user, title)).toHaveLength(1);
  });

  it("the customer's switches decide: Telegram only, then the cabinet only", async () => {
    const { user, chatId } = await connectedUser('en');
    expect(
      (await channels(user, 'expiry_alert', { mail: false, database: false, telegram: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await channels(user, 'traffic_alert', { mail: false, database: true, telegram: false }))
        .statusCode,
    ).toBe(200);
    const { packageId } = await activeOf(user);
    await setAlerts(user, packageId, { traffic_percents: [50], expiry_days: [3] });
    const expiry = await expiryOf(packageId);
    expect(
      await sendExpiryAlerts(db(), { ...scopeOf(user), now: new Date(expiry - 2 * DAY_MS) }),
    ).toBe(1);
    const en = texts('en');
    const message = await waitFor(() =>
      tg.messagesTo(chatId).find((m) => m.text.includes(`#${packageId}`)),
    );
    expect(message.text.split('\n')).toEqual(
      expect.arrayContaining([en.notifications.expiry_alert, `${en.labels.days_left}: 2`]),
    );
    expect(await notified(user, 'expiry_alert')).toEqual([]);

    await meter(db(), packageId, 0, 0, GB / 2);
    expect(await sendTrafficAlerts(db(), scopeOf(user))).toBe(1);
    expect(await notified(user, 'traffic_alert')).toHaveLength(1);
    // Both notifications are written with their jobs; once the mail and Telegram queues are
    // empty, nothing was mailed and Telegram got only the expiry alert.
    await waitFor(async () => ((await pendingJobs()) === 0 ? true : undefined));
    expect(mailsTo(user, en.notifications.traffic_alert ?? '')).toEqual([]);
    expect(mailsTo(user, en.notifications.expiry_alert ?? '')).toEqual([]);
    expect(tg.messagesTo(chatId).filter((m) => m.text.includes(`#${packageId}`))).toHaveLength(1);
  });
});

/** A Base 1 GB package the (already credited) user buys, once active. */
const activeOf = async (user: Registered) => {
  const bought = await buyTariff(ctx, user.token, 'base-1gb');
  expect(bought.statusCode).toBe(200);
  const packageId = bought.json<{ package_id: number }>().package_id;
  await waitUntilActive(db(), packageId);
  return { packageId };
};

/** Jobs of this app's pg-boss schema not finished yet (mail and Telegram). */
const pendingJobs = async () => {
  const { rows } = await sql<{ pending: number }>`
    select count(*)::int as pending from ${sql.table(`${ctx.config.JOBS_SCHEMA}.job`)}
    where state in ('created', 'retry', 'active')`.execute(db());
  return rows[0]?.pending ?? 0;
};
