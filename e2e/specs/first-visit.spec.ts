import type { Page } from '@playwright/test';
import { BASE_URL, E2E_SITE } from '../playwright.config.ts';
import { test, expect, PHONE, apiAs, newUser } from '../fixtures.ts';

const DESKTOP = { width: 1366, height: 900 };
const LANGUAGES = ['en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

/** What a guest reads, per language: the texts the journeys below look for. */
const TEXTS = {
  en: {
    terms: 'terms of service',
    legalTitle: 'Legal information',
    termsTab: 'Terms of service',
    notFound: 'Page not found',
    toLogin: 'Go to log in',
    families: [
      'Dynamic residential proxies, paid by traffic',
      'Premium residential proxies with a proxy generator',
      'ISP proxies, paid per IP',
      'Unlimited residential proxies with a speed limit',
    ],
    sold: /datacenter/i,
    purchaseIsp: 'Purchase: ISP proxies',
    extensionUnlim: 'Extension: unlimited residential proxies',
    sbp: 'SBP (Faster Payments)',
  },
  ru: {
    terms: 'условия использования',
    legalTitle: 'Правовая информация',
    termsTab: 'Условия использования',
    notFound: 'Страница не найдена',
    toLogin: 'Перейти ко входу',
    families: [
      'Динамические резидентные прокси с оплатой за трафик',
      'Премиум резидентные прокси с генератором прокси',
      'ISP-прокси с оплатой за IP',
      'Безлимитные резидентные прокси с ограничением скорости',
    ],
    sold: /серверн|датацентр|дата-центр/i,
    purchaseIsp: 'Покупка: ISP-прокси',
    extensionUnlim: 'Продление: безлимитные резидентные прокси',
    sbp: 'СБП',
  },
} as const;

/** The interface language a first visit starts in (what the language switch would store). */
const startIn = async (page: Page, language: Language) => {
  await page.context().addCookies([{ name: 'i18next', value: language, url: BASE_URL }]);
  await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
};

/** The page is no wider than the window (nothing overflows sideways). */
const expectNoSidewaysOverflow = async (page: Page, label: string) => {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, label).toBeLessThanOrEqual(client);
};

test.describe('a first visit', () => {
  for (const language of LANGUAGES) {
    const texts = TEXTS[language];

    test(`a guest opens the terms from the register page and the auth footer (${language})`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/${language}/register`);
      await expect(page).toHaveURL(/\/register$/);
      const terms = page.getByRole('link', { name: texts.terms });
      await expect(terms).toHaveAttribute('href', '/legal');
      // The link opens a new tab, as a guest's: no session, no redirect to log in.
      const [legal] = await Promise.all([context.waitForEvent('page'), terms.click()]);
      await expect(legal).toHaveURL(/\/legal$/);
      await expect(legal.getByRole('heading', { level: 1, name: texts.legalTitle })).toBeVisible();
      await expect(legal.getByRole('tab', { name: texts.termsTab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(legal.locator('.legal-page__document')).toContainText(E2E_SITE.company);
      await expect(legal.getByRole('main')).toHaveCount(1);
      for (const viewport of [DESKTOP, PHONE]) {
        await legal.setViewportSize(viewport);
        await expectNoSidewaysOverflow(legal, `/legal at ${viewport.width}px`);
      }
      await legal.close();

      // Every auth page's footer links to the same public page.
      await page.goto('/login');
      await page.getByRole('contentinfo').getByRole('link', { name: texts.legalTitle }).click();
      await expect(page).toHaveURL(/\/legal$/);
      await expect(page.getByRole('heading', { level: 1, name: texts.legalTitle })).toBeVisible();
    });

    test(`an unknown address shows the styled not-found screen with a way in (${language})`, async ({
      page,
    }) => {
      await startIn(page, language);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto('/no-such-page');
        const heading = page.getByRole('heading', { level: 1, name: texts.notFound });
        await expect(heading).toBeVisible();
        // The cabinet's not-found look: the large accent "404" over a centred column.
        const code = page.locator('.status-screen__code');
        await expect(code).toHaveText('404');
        await expect(code).toHaveCSS('font-size', '64px');
        await expect(page.locator('.status-screen')).toHaveCSS('text-align', 'center');
        await expect(page.getByRole('main')).toHaveCount(1);
        await expectNoSidewaysOverflow(page, `404 at ${viewport.width}px`);
      }
      await page.getByRole('link', { name: texts.toLogin }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test(`the login page names the four families sold (${language})`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/${language}/login`);
      const hero = page.getByRole('complementary');
      for (const family of texts.families) await expect(hero).toContainText(family);
      await expect(hero).not.toContainText(texts.sold);
    });

    test(`transactions name types by family and payments their method on first load (${language})`, async ({
      page,
      api,
      request,
    }) => {
      const user = await api.registerVerified(newUser());
      const caller = apiAs(request, user.token);
      // A waiting SBP top-up: a payment row whose method has a name of its own per language.
      const created = await caller.post('/payment/create', {
        amount: 20,
        type: 7,
        payment_system: 1,
      });
      expect(created.status(), await created.text()).toBe(200);
      await page.context().addCookies([{ name: 'ACCESS_TOKEN', value: user.token, url: BASE_URL }]);
      await startIn(page, language);
      await page.setViewportSize(DESKTOP);
      await page.goto('/cabinet/transactions');
      const payments = page.getByRole('table');
      await expect(payments.getByRole('cell', { name: texts.sbp, exact: true })).toBeVisible();

      await page.getByRole('tab').nth(1).click();
      const types = page.locator('.transactions__filter select');
      await expect(types.locator('option', { hasText: texts.purchaseIsp })).toHaveCount(1);
      await expect(types.locator('option', { hasText: texts.extensionUnlim })).toHaveCount(1);
      await expect(
        types.locator('option', { hasText: /\((dynamic|premium|isp|unlim)\)/ }),
      ).toHaveCount(0);
    });
  }
});
