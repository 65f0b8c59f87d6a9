import type { Page } from '@playwright/test';
import { E2E_TELEGRAM } from '../playwright.config.ts';
import { expect, expectNoSeriousA11yViolations, signedIn, test, type Api } from '../fixtures.ts';

type Channels = { mail: boolean; database: boolean; telegram: boolean };
type Groups = { id: string; settings: { name: string; channels: Channels }[] }[];

/** The checkbox of one event's channel in the settings tables. */
const box = (page: Page, setting: string, channel: keyof Channels) =>
  page.locator(`tr[data-setting="${setting}"] input[data-channel="${channel}"]`);

const serverSettings = async (page: Page, token: string) => {
  const res = await page.request.get('/api/profile/notification-settings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { settings: Groups }).settings;
};

/** A new verified user, signed in, on the settings page (`query` appended to its path). */
const openSettings = (page: Page, api: Api, query = '') =>
  signedIn(page, api, { at: `/cabinet/notifications${query}` });

const channelsOf = (groups: Groups, name: string) =>
  groups.flatMap((group) => group.settings).find((setting) => setting.name === name)?.channels;

test.describe('notification settings (/cabinet/notifications)', () => {
  test('the menu item opens the tables; save stores the local copy, reset restores the server copy', async ({
    page,
    api,
  }) => {
    const user = await signedIn(page, api);
    // The sign-in lands on the buy page; a click before that navigation ends is undone by it.
    await expect(page.getByRole('heading', { name: 'Buy proxy', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await expect(page).toHaveURL(/\/cabinet\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
    for (const group of ['Packages', 'Balance and payments', 'Account'])
      await expect(page.getByRole('region', { name: group })).toBeVisible();
    await expect(box(page, 'top_up', 'mail')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // Reset: the local change goes, nothing was sent.
    await box(page, 'top_up', 'mail').uncheck();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(box(page, 'top_up', 'mail')).toBeChecked();
    expect(channelsOf(await serverSettings(page, user.token), 'top_up')?.mail).toBe(true);

    // Save: stored on the server, the alert says so, and a reload shows it.
    await box(page, 'top_up', 'mail').uncheck();
    await box(page, 'package_bought', 'database').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved.')).toBeVisible();
    const saved = await serverSettings(page, user.token);
    expect(channelsOf(saved, 'top_up')).toEqual({ mail: false, database: true, telegram: false });
    expect(channelsOf(saved, 'package_bought')?.database).toBe(false);
    await page.reload();
    await expect(box(page, 'top_up', 'mail')).not.toBeChecked();
    await expect(box(page, 'package_bought', 'database')).not.toBeChecked();
  });

  test('a failed save shows the error and reverts the local copy', async ({ page, api }) => {
    const user = await openSettings(page, api);
    await page.route('**/api/profile/notification-settings/update', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Server error' }),
      }),
    );
    await box(page, 'referral_reward', 'mail').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Failed to save the notification settings. Your changes were reverted.'),
    ).toBeVisible();
    await expect(box(page, 'referral_reward', 'mail')).toBeChecked();
    expect(channelsOf(await serverSettings(page, user.token), 'referral_reward')?.mail).toBe(true);
  });

  test('a Telegram switch without Telegram opens the connect modal, which closes once the bot connected the account', async ({
    page,
    api,
  }) => {
    const user = await openSettings(page, api);
    await expect(page.getByTestId('telegram-card')).toContainText('Telegram is not connected.');

    await box(page, 'package_expiring', 'telegram').click();
    const modal = page.getByRole('dialog', { name: 'Connect Telegram' });
    await expect(modal).toBeVisible();
    await expect(box(page, 'package_expiring', 'telegram')).not.toBeChecked();
    const href = (await modal.getByTestId('telegram-bot-link').getAttribute('href')) ?? '';
    const link = new URL(href);
    expect(`${link.origin}${link.pathname}`).toBe('https://t.me/cabinet_test_bot');
    const promoToken = link.searchParams.get('start') ?? '';
    expect(promoToken).toMatch(/^[0-9a-f]{32}$/);

    // The user presses Start in Telegram: the bot (polling the stand-in) connects the account.
    const chatId = 500_000_000 + Math.floor(Math.random() * 100_000_000);
    const sent = await page.request.post(`${E2E_TELEGRAM.control}/message`, {
      data: { chatId, text: `/start ${promoToken}` },
    });
    expect(sent.status()).toBe(200);
    await expect
      .poll(async () => {
        const res = await page.request.get(`${E2E_TELEGRAM.control}/sent?chatId=${chatId}`);
        return ((await res.json()) as { result: unknown[] }).result.length;
      })
      .toBe(1);
    await expect(modal).toBeVisible();

    // Back in the browser: the window regains focus, the profile is refetched.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(modal).toBeHidden();
    await expect(
      page.getByText('Telegram connected. Your notifications can now come to the bot.'),
    ).toBeVisible();
    await expect(box(page, 'package_expiring', 'telegram')).toBeChecked();
    await expect(page.getByTestId('telegram-promo')).toContainText(/TG-[A-Z0-9]{10}/);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved.')).toBeVisible();
    expect(channelsOf(await serverSettings(page, user.token), 'package_expiring')?.telegram).toBe(
      true,
    );
  });

  test('?subscribe_promo opens the offer; dismissing it cancels the offer', async ({
    page,
    api,
  }) => {
    await openSettings(page, api, '?subscribe_promo=1');
    const modal = page.getByRole('dialog', { name: 'Connect Telegram' });
    await expect(modal).toContainText('10% discount code');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('telegram-offer')).toHaveCount(0);
  });
});
