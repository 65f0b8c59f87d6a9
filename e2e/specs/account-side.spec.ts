import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL, E2E_SITE } from '../playwright.config.ts';
import {
  test,
  expect,
  newUser,
  expectNoSeriousA11yViolations,
  admin,
  type Api,
} from '../fixtures.ts';

type Page10 = {
  data: { id: string; read_at: string | null }[];
  meta: { next_cursor: string | null };
};

/**
 * A new verified user, for whom the cabinet opens already signed in (the session cookie the SPA
 * itself would write), on the page `at` when given.
 */
const signInNewUser = async (
  page: Page,
  api: Api,
  { at, language = 'en' }: { at?: string; language?: 'en' | 'ru' } = {},
) => {
  const user = await api.registerVerified(newUser());
  await page.context().addCookies([
    { name: 'ACCESS_TOKEN', value: user.token, url: BASE_URL },
    { name: 'i18next', value: language, url: BASE_URL },
  ]);
  await page.addInitScript((lng) => {
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('i18nextLng', lng);
      sessionStorage.setItem('e2e-language-set', '1');
    }
  }, language);
  if (at) await page.goto(at);
  return user;
};

const allNotifications = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/profile/notifications?per_page=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Page10).data;
};

test.describe('account side', () => {
  test('notifications panel: ten per page, next page near the bottom, read when visible', async ({
    page,
    api,
    request,
  }) => {
    const user = await signInNewUser(page, api);
    const { token } = user;
    // Real events: every password change notifies (welcome + verified + 12 changes = 14).
    let current = user.password;
    for (let index = 0; index < 12; index += 1) {
      const password = `${user.password}-${index}`;
      const response = await request.post('/api/profile', {
        headers: { authorization: `Bearer ${token}` },
        data: { current_password: current, password, password_confirmation: password },
      });
      expect(response.status()).toBe(200);
      current = password;
    }
    expect(await allNotifications(request, token)).toHaveLength(14);

    await page.goto('/cabinet/profile');
    // The bell counts the unread items of the loaded first page.
    await expect(page.getByTestId('unread-badge')).toHaveText(/10/);
    // Its name says what the badge shows (WCAG 2.5.3, label in name).
    await page.getByRole('button', { name: 'Notifications, 10 unread', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const rows = panel.locator('li.notification');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText('Your password has been changed');
    await expectNoSeriousA11yViolations(page);

    // The rows in view are marked read on the server.
    await expect
      .poll(async () => (await allNotifications(request, token)).filter((n) => n.read_at).length)
      .toBeGreaterThan(0);

    // Scroll to the bottom: the next page loads, and the last rows become visible and read.
    await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(rows).toHaveCount(14);
    await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect
      .poll(async () => {
        const items = await allNotifications(request, token);
        return items[items.length - 1]?.read_at ?? null;
      })
      .not.toBeNull();

    // Whatever scrolling did not mark, "Mark all as read" does (disabled once nothing is unread).
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    // `force`: the last visible rows may finish marking between the check and the click, which
    // disables the button (nothing left to do); the poll below checks the server either way.
    if (await markAll.isEnabled()) await markAll.click({ force: true });
    await expect
      .poll(async () => (await allNotifications(request, token)).every((n) => n.read_at))
      .toBe(true);
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  });

  test('FAQ: tabs in ?tab, accordion, search from 4 characters', async ({ page, api }) => {
    await signInNewUser(page, api, { at: '/cabinet/faq' });
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(8);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(page);

    await tabs.nth(2).click();
    await expect(page).toHaveURL(/\?tab=2$/);
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByRole('tab').nth(2)).toHaveAttribute('aria-selected', 'true');

    // Accordion: an answer opens; nested children are accordions too.
    const panel = page.getByRole('tabpanel');
    const first = panel.locator('.faq-entry__toggle').first();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.locator('.faq-entry__content').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const search = page.getByLabel('Search the FAQ');
    const found = page.getByRole('status').filter({ hasText: /answers? found/ });
    await search.fill('rotation');
    await expect(found).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.locator('.faq-page__results .faq-entry').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // 3 characters are no search: cut down to 'rot' (which a search would find), the tabs are back.
    await search.fill('rot');
    await expect(page.getByRole('tab')).toHaveCount(8);
    await expect(found).toHaveCount(0);
    await search.fill('zzzz-nothing-like-this');
    await expect(page.getByText('Nothing found. Try other words.')).toBeVisible();

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'RU' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeVisible();
    // The answers are fetched again in Russian; the search box keeps its text.
    await expect(page.getByText('Ничего не найдено. Попробуйте другие слова.')).toBeVisible();
    await page.getByLabel('Поиск по вопросам').fill('');
    await expect(page.getByRole('tab').first()).toHaveText('Аккаунт и безопасность');
    await expectNoSeriousA11yViolations(page);
  });

  test('legal: five tabs naming the configured operator, never the serving address, in English and Russian', async ({
    page,
    api,
  }) => {
    await signInNewUser(page, api, { at: '/cabinet/legal' });
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'Terms of service',
      'Privacy policy',
      'Cookie policy',
      'Refund policy',
      'Acceptable use and ethics',
    ]);
    const host = new URL(BASE_URL).host;
    await expect(page.getByRole('tabpanel')).toContainText(E2E_SITE.domain);
    await expect(page.getByRole('tabpanel')).toContainText(E2E_SITE.company);
    await expect(page.getByRole('tabpanel')).toContainText(E2E_SITE.supportEmail);
    await expect(page.getByRole('tabpanel')).not.toContainText(host);
    await expect(page.getByRole('tabpanel')).not.toContainText('{{');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Refund policy' }).click();
    await expect(page).toHaveURL(/\?tab=3$/);
    await expect(page.getByRole('tab', { name: 'Refund policy' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'RU' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Правовая информация' }),
    ).toBeVisible();
    await expect(page.getByRole('tab').nth(3)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(E2E_SITE.supportEmail);
    await expect(page.getByRole('tabpanel')).toContainText('Неизрасходованный баланс');
    await expect(page.getByRole('tabpanel')).not.toContainText(host);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/cabinet/legal?tab=1');
    await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
  });

  test('without a Google client the Google button is disabled with an explanation', async ({
    page,
  }) => {
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeDisabled();
    await page.locator('.google-button--unavailable').focus();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Google sign-in is not available on this server',
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('system alerts: shown once per session, again in the new language', async ({
    page,
    api,
  }) => {
    // The operator command, against the running server's database.
    const marker = Date.now().toString(36);
    await admin(
      'alerts:create',
      '--type',
      'warning',
      '--en',
      `Planned maintenance ${marker}`,
      '--ru',
      `Плановые работы ${marker}`,
    );
    await signInNewUser(page, api, { at: '/cabinet/profile' });
    await expect(page.getByText(`Planned maintenance ${marker}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The reloaded page reads the alerts again (after its first paint) and shows none of them.
    const alertsRead = page.waitForResponse((response) =>
      response.url().endsWith('/api/profile/alerts'),
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await (await alertsRead).finished();
    // Counted at once: a retrying count would pass once a toast shown again had gone by itself
    // (ALERT_AUTO_DISMISS_MS).
    const english = page.getByText(`Planned maintenance ${marker}`);
    expect(await english.count()).toBe(0);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'RU' }).click();
    await expect(page.getByText(`Плановые работы ${marker}`)).toBeVisible();
    // The Russian alerts came after the English ones had been read: an English toast from those
    // would still be on screen.
    expect(await english.count()).toBe(0);
  });
});
