import { test, expect, expectNoSeriousA11yViolations, PHONE, signedIn } from '../fixtures.ts';
import type { Page } from '@playwright/test';

test.use({ viewport: PHONE });

const topUp = async (page: Page, amount: string) => {
  await page.goto(`/cabinet/top-up?amount=${amount}`);
  await expect(page.getByLabel('Amount, $')).toHaveValue(amount);
  await page.getByRole('radio', { name: /^Visa \/ Mastercard/ }).check();
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
};

test.describe('mobile layout', () => {
  test('tables become cards and the burger menu navigates', async ({ page, api }) => {
    test.setTimeout(90_000);
    await signedIn(page, api);
    await topUp(page, '50');
    await topUp(page, '20');

    await page.goto('/cabinet/transactions');
    const payments = page.getByRole('table', { name: 'Payments' });
    const cards = payments.locator('tbody tr');
    await expect(cards).toHaveCount(2);
    await expect(payments.getByText('$50')).toBeVisible();
    await expect(payments.getByText('$20')).toBeVisible();
    // Cards, not a grid: no visible header row; each card stacks its cells under their labels.
    const header = await payments.locator('thead').boundingBox();
    expect(header === null || header.height <= 1).toBe(true);
    expect(await cards.first().evaluate((row) => getComputedStyle(row).display)).toBe('block');
    const dateCell = cards.first().locator('td').first();
    expect(await dateCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
      '"Date"',
    );
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first && second && second.y >= first.y + first.height).toBe(true);
    // The cards fit the phone width (no sideways scrolling of the page).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions.locator('tbody tr')).toHaveCount(2);
    await expect(transactions.getByText('$50')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The side menu is behind the burger on phones.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    const burger = page.getByRole('button', { name: 'Menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole('link', { name: 'Referral program' }).click();
    await expect(page).toHaveURL(/\/cabinet\/referral$/);
    await expect(menu).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('referral-balance')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
