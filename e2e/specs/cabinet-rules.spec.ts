import type { Page } from '@playwright/test';
import { test, expect, newUser, logIn, returnFromGoogle, signedIn } from '../fixtures.ts';

const storedReferralCode = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('referralCode'));

test.describe('cabinet rules', () => {
  test('the stored referral code is kept until the cabinet layout loads, then cleared', async ({
    page,
    api,
  }) => {
    const user = await api.registerVerified(newUser());
    await page.goto('/register?ref=audit-ref-1');
    await expect.poll(() => storedReferralCode(page)).toBe('audit-ref-1');
    await page.goto('/login');
    expect(await storedReferralCode(page)).toBe('audit-ref-1');
    await logIn(page, user);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect.poll(() => storedReferralCode(page)).toBeNull();
  });

  test('referral page: Transfer and Withdraw are disabled while the referral balance is 0', async ({
    page,
    api,
  }) => {
    await signedIn(page, api, { at: '/cabinet/referral' });
    await expect(page.getByTestId('referral-balance')).toHaveText('$0');
    await expect(page.getByRole('button', { name: 'Transfer to balance' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });

  test('Google callback: without a token the google_auth error and /login; with a token the cabinet', async ({
    page,
    api,
  }) => {
    await returnFromGoogle(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Google sign-in failed. Please try again or log in with your e-mail.'),
    ).toBeVisible();
    const user = await api.registerVerified(newUser());
    await returnFromGoogle(page, user.token);
    await expect(page).toHaveURL(/\/cabinet/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});
