import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { test, expect, newUser, submitLogInForm, watchContentSecurityPolicy } from '../fixtures.ts';

/** The login screen's heading per language (public/locales/<language>/auth.json). */
const HEADINGS = { en: 'Log in to your account', ru: 'Вход в аккаунт' } as const;

/**
 * When the page's first contentful paint came, and when each of the app's files (its entry
 * chunk and translation files) was asked for, by the browser's own timings.
 */
const paintAndAppFiles = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    appFiles: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/index-[^/]+\.js$|\/locales\//.test(entry.name))
      .map((entry) => entry.startTime),
  }));

/** A drawn screen paints with the document alone: the app's files are asked for after it. */
const expectAppFilesAfterPaint = async (page: Page) => {
  const { paint, appFiles } = await paintAndAppFiles(page);
  expect(paint).toBeGreaterThan(0);
  expect(appFiles.length).toBeGreaterThan(1);
  for (const start of appFiles) expect(start).toBeGreaterThanOrEqual(paint ?? Infinity);
};

test.describe('the login screen drawn at build time', () => {
  for (const [language, heading] of Object.entries(HEADINGS)) {
    test(`shows before any script runs, styled and in the language cookie's language (${language})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.addCookies([{ name: 'i18next', value: language, url: BASE_URL }]);
      const page = await context.newPage();
      const reports: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/csp-report')) reports.push(request.postData() ?? '');
      });
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The inline stylesheets apply (allowed by their hashes): the hero panel is laid out.
      const display = await page
        .locator('.auth-layout')
        .evaluate((el) => getComputedStyle(el).display);
      expect(display).not.toBe('block');
      // Without the app the form cannot be sent by the browser (it would put the password in
      // the address).
      await expect(page.locator('button[type="submit"]')).toBeDisabled();
      expect(reports).toEqual([]);
      await context.close();
    });
  }

  test('the app starts after the drawing is painted, hydrates it (no element replaced, no error) and logs in', async ({
    page,
    api,
  }) => {
    const user = await api.registerVerified(newUser());
    const checkPolicy = await watchContentSecurityPolicy(page);
    // Counts the headings taken out of the root: hydrating keeps the drawn ones, a fresh render
    // would replace them all.
    await page.addInitScript(() => {
      const watched = window as unknown as { removedFromRoot: number };
      watched.removedFromRoot = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target;
          if (!(target instanceof Element) || target.closest('#root') === null) continue;
          for (const node of record.removedNodes)
            if (node instanceof Element)
              watched.removedFromRoot += node.matches('h1')
                ? 1
                : node.querySelectorAll('h1').length;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login');
    const heading = page.getByRole('heading', { level: 1, name: HEADINGS.en });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await expect(page.getByLabel('Email')).toBeEditable();
    expect(
      await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot),
    ).toBe(0);
    await expectAppFilesAfterPaint(page);
    await checkPolicy('the hydrated login screen');
    await submitLogInForm(page, user);
    await expect(page).toHaveURL(/\/cabinet/);
  });
});

/** The profile screen's heading per language (public/locales/<language>/profile.json). */
const PROFILE_HEADINGS = { en: 'Profile', ru: 'Профиль' } as const;

test.describe('the profile screen drawn by the server for a signed-in visitor', () => {
  for (const [language, heading] of Object.entries(PROFILE_HEADINGS)) {
    test(`shows before any script runs, with the visitor's own data (${language})`, async ({
      browser,
      api,
    }) => {
      const user = await api.registerVerified(newUser());
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.addCookies([
        { name: 'i18next', value: language, url: BASE_URL },
        { name: 'ACCESS_TOKEN', value: user.token, url: BASE_URL },
      ]);
      const page = await context.newPage();
      const response = await page.goto('/cabinet/profile');
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('input[name="email"]')).toHaveValue(user.email);
      await expect(page.locator('input[name="name"]')).toHaveValue(user.name);
      // Styled by the inline stylesheets: the side menu and the page sit side by side.
      const display = await page.locator('.cabinet').evaluate((el) => getComputedStyle(el).display);
      expect(display).not.toBe('block');
      await context.close();
    });
  }

  test('the app starts after the drawing is painted, hydrates it with the profile it came with (no element replaced, no error, no second request) and saves a change', async ({
    page,
    context,
    api,
  }) => {
    const user = await api.registerVerified(newUser());
    await context.addCookies([{ name: 'ACCESS_TOKEN', value: user.token, url: BASE_URL }]);
    const checkPolicy = await watchContentSecurityPolicy(page);
    const profileReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/profile')
        profileReads.push(request.url());
    });
    await page.addInitScript(() => {
      const watched = window as unknown as { removedFromRoot: number };
      watched.removedFromRoot = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target;
          if (!(target instanceof Element) || target.closest('#root') === null) continue;
          for (const node of record.removedNodes)
            if (node instanceof Element)
              watched.removedFromRoot += node.matches('h1')
                ? 1
                : node.querySelectorAll('h1').length;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/cabinet/profile');
    await expect(page.getByRole('heading', { level: 1, name: PROFILE_HEADINGS.en })).toBeVisible();
    const name = page.locator('input[name="name"]');
    await expect(name).toBeEditable();
    expect(
      await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot),
    ).toBe(0);
    expect(profileReads).toEqual([]);
    await expectAppFilesAfterPaint(page);
    await checkPolicy('the hydrated profile screen');

    await name.fill('Drawn And Hydrated');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/profile',
    );
    await page
      .locator('form')
      .filter({ has: name })
      .getByRole('button', { name: 'Save changes' })
      .click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.locator('input[name="name"]')).toHaveValue('Drawn And Hydrated');
  });
});
