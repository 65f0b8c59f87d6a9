import type { Locator } from '@playwright/test';
import { test, expect, PHONE, signedIn } from '../fixtures.ts';

const DESKTOP = { width: 1280, height: 900 };

/** The rendered width of an input's placeholder against the room the input gives it. */
const placeholderFit = (input: Locator) =>
  input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(element.placeholder).width, room };
  });

test.describe('what a newcomer sees', () => {
  test('a toast sits below the header and the same toast shows once', async ({
    page,
    api,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Each copy that has reached the clipboard is counted: the page's own handler, which waits
    // on the promise this returns, goes on (and shows or merges its toast) right after.
    await page.addInitScript(() => {
      const clipboard = navigator.clipboard;
      const writeText = clipboard.writeText.bind(clipboard);
      const counted = window as Window & { copiesDone?: number };
      counted.copiesDone = 0;
      clipboard.writeText = (text: string) =>
        writeText(text).then(() => {
          counted.copiesDone = (counted.copiesDone ?? 0) + 1;
        });
    });
    await signedIn(page, api);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/cabinet/referral');
      const copy = page.getByRole('button', { name: 'Copy', exact: true });
      await copy.click();
      await copy.click();
      // System alerts are global: another spec may publish one meanwhile, so count this toast.
      const toast = page.locator('.alert-stack .alert', { hasText: 'Link copied' });
      await expect(toast.first()).toBeVisible();
      // Both copies are done, so both handlers have shown (or merged) their toast. Counted at
      // once: a retrying count could wait until one of two toasts has gone.
      await page.waitForFunction(
        () => (window as Window & { copiesDone?: number }).copiesDone === 2,
      );
      expect(await toast.count()).toBe(1);
      // Below the header's bar (its title, language switch and bell), in the band the header
      // grows beneath it for the toasts.
      const title = await page.locator('.cabinet-header__title').boundingBox();
      const actions = await page.locator('.cabinet-header__actions').boundingBox();
      const box = await toast.boundingBox();
      expect(
        title &&
          actions &&
          box &&
          box.y >= title.y + title.height &&
          box.y >= actions.y + actions.height,
      ).toBe(true);
      await toast.getByRole('button').click();
      await expect(toast).toHaveCount(0);
    }
  });

  test('top-up refuses 1e3 in the amount field', async ({ page, api }) => {
    await signedIn(page, api, { at: '/cabinet/top-up' });
    await page.getByLabel('Amount, $').fill('1e3');
    await page.locator('.top-up__method').first().click();
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await expect(
      page.getByText('Enter the amount in digits, for example 25 or 25.50'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/cabinet\/top-up/);
  });

  test('the ISP wizard names each step once and has no stray price line', async ({ page, api }) => {
    await signedIn(page, api, { at: '/cabinet/buy/isp' });
    for (const step of ['3. Country', '4. Number of IPs'])
      await expect(page.getByText(step, { exact: true })).toHaveCount(1);
    await page.getByRole('radio', { name: 'Login and password' }).check();
    await page.getByRole('combobox', { name: '3. Country' }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: '4. Number of IPs' }).selectOption({ index: 1 });
    await expect(page.locator('.buy-page__cart')).toContainText('$');
    await expect(page.locator('.buy-step .buy-price')).toHaveCount(0);
  });

  test('the sidebar background runs to the bottom of a tall page', async ({ page, api }) => {
    // A short desktop window makes the legal document at least two screens tall.
    const viewport = { width: DESKTOP.width, height: 600 };
    await page.setViewportSize(viewport);
    await signedIn(page, api, { at: '/cabinet/legal' });
    await expect(page.locator('.legal-page__document')).toBeVisible();
    const { sidebar, page: pageHeight } = await page.evaluate(() => ({
      sidebar: document.querySelector('.cabinet__sidebar')?.getBoundingClientRect().height ?? 0,
      page: document.documentElement.scrollHeight,
    }));
    expect(pageHeight).toBeGreaterThan(viewport.height * 2);
    expect(sidebar).toBeGreaterThanOrEqual(pageHeight - 1);
    // The menu itself still stays in view while scrolling.
    await page.mouse.wheel(0, 5000);
    await expect(page.getByRole('link', { name: 'Buy proxy' })).toBeInViewport();
  });

  test('on a phone the FAQ tabs show every label whole', async ({ page, api }) => {
    await signedIn(page, api);
    await page.setViewportSize(PHONE);
    for (const language of ['en', 'ru'] as const) {
      await page.goto('/cabinet/faq');
      if (language === 'ru') {
        await page
          .getByRole('group', { name: 'Language' })
          .getByRole('button', { name: 'RU' })
          .click();
        // The tabs are drawn again in Russian: measure those, not the English ones going away.
        await expect(page.getByRole('tab', { name: 'Аккаунт и безопасность' })).toBeVisible();
      }
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(8);
      for (const tab of await tabs.all()) {
        const box = await tab.boundingBox();
        const label = await tab.textContent();
        expect(box, label ?? '').not.toBeNull();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, label ?? '').toBe(true);
        const clipped = await tab.evaluate((node) => node.scrollWidth > node.clientWidth);
        expect(clipped, label ?? '').toBe(false);
      }
    }
  });

  test('the transactions search placeholder is not cut', async ({ page, api }) => {
    await signedIn(page, api);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/cabinet/transactions');
      for (const tab of ['Balance', 'Transactions']) {
        await page.getByRole('tab', { name: tab }).click();
        const search = page.getByRole('searchbox', { name: 'Search in the table' });
        await expect(search).toBeVisible();
        const fit = await placeholderFit(search);
        expect(fit.text, `${tab} at ${viewport.width}px`).toBeLessThanOrEqual(fit.room);
      }
    }
  });

  test('the payment page header names the page', async ({ page, api }) => {
    await signedIn(page, api, { at: '/cabinet/payment?result=success' });
    await expect(page.locator('.cabinet-header__title')).toHaveText('Payment');
    await expect(page).toHaveTitle(/^Payment ·/);
  });
});
