import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import {
  test,
  expect,
  newUser,
  logIn,
  returnFromGoogle,
  watchContentSecurityPolicy,
} from '../fixtures.ts';

/**
 * The policy watch of the fixtures (violation events, reports, console and page errors), with
 * `visit`: a fresh document of `path`, checked to run under the policy without a complaint.
 */
const watchPolicy = async (page: Page) => {
  const expectClean = await watchContentSecurityPolicy(page);

  /** Opens `path` as a fresh document and checks it ran under the policy without a complaint. */
  const visit = async (path: string, ready: (page: Page) => Promise<void>) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("require-trusted-types-for 'script'");
    await ready(page);
    await page.waitForLoadState('networkidle');
    await expectClean(path);
  };
  return { visit, expectClean };
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};
const visible = (selector: string) => async (page: Page) => {
  await expect(page.locator(selector).first()).toBeVisible();
};

test.describe('content security policy', () => {
  test('every guest page runs under the strict policy with no violation', async ({ page }) => {
    const { visit } = await watchPolicy(page);
    await visit('/login', heading('Log in'));
    await visit('/register', visible('form'));
    await visit('/forgot-password', visible('form'));
    await visit('/update-password?token=abc&email=someone%40example.com', visible('form'));
    await visit('/ru/login', visible('form'));
    await visit('/no-such-page', visible('.status-screen'));
    // The legal documents' HTML for a guest: TrustedHTML from DOMPurify, as in the cabinet.
    await visit('/legal', visible('.legal-page__document'));
    await visit('/auth/google/callback', async (p) => {
      await expect(p).toHaveURL(/\/login$/);
    });
  });

  test('every cabinet page (FAQ and legal HTML, buy flows, 404) runs with no violation', async ({
    page,
    api,
  }) => {
    const { visit, expectClean } = await watchPolicy(page);
    const user = await api.registerVerified(newUser());
    await page.goto('/login');
    // The login form parses with the contract (zod, no eval under the policy).
    await logIn(page, user);
    await expectClean('login');

    const main = visible('#main');
    await visit('/cabinet/profile', main);
    await visit('/cabinet/packages', main);
    for (const step of [
      'select-type',
      'dynamic-pools',
      'dynamic-pools/base',
      'dynamic-pools/premium',
      'dynamic-pools/unlimited',
      'isp',
      'cart',
    ])
      await visit(`/cabinet/buy/${step}`, main);
    await visit('/cabinet/top-up', main);
    await visit('/cabinet/transactions', main);
    await visit('/cabinet/referral', main);
    await visit('/cabinet/notifications', main);
    await visit('/cabinet/api-documentation', main);
    await visit('/cabinet/email/verification', main);
    await visit('/cabinet/payment?result=success', main);
    await visit('/cabinet/payment?result=fail', main);
    await visit('/cabinet/no-such-page', visible('.status-screen'));

    // Legal documents and FAQ answers are inserted as HTML: TrustedHTML from DOMPurify.
    await visit('/cabinet/legal', visible('.legal-page__document'));
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await expect(page.locator('.legal-page__document')).toBeVisible();
    }
    await expectClean('legal tabs');
    await visit('/cabinet/faq', visible('.faq-entry__toggle'));
    for (const toggle of (await page.locator('.faq-entry__toggle').all()).slice(0, 5))
      await toggle.click();
    await expect(page.locator('.faq-entry__content').first()).toBeVisible();
    await expectClean('faq answers');

    // The notifications panel (welcome and verified notifications exist).
    await page.getByRole('button', { name: /^Notifications(,|$)/ }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectClean('notifications panel');
  });

  test('an unverified user sees the verification screen with no violation', async ({
    page,
    api,
  }) => {
    const { visit } = await watchPolicy(page);
    const user = await api.register(newUser());
    await logIn(page, user);
    await visit('/cabinet/profile', visible('.verify-email'));
  });

  test('a violation is reported to /api/csp-report (204); raw HTML cannot reach a sink', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    const report = page.waitForResponse((response) =>
      response.url().startsWith(`${BASE_URL}/api/csp-report`),
    );
    // An image from another origin, as an injection would add: refused and reported.
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'https://evil.example/pixel.png';
      document.body.append(image);
    });
    expect((await report).status()).toBe(204);
    // Trusted Types: a plain string assigned to innerHTML is refused.
    const error = await page.evaluate(() => {
      try {
        document.body.insertAdjacentHTML('beforeend', '<b id="raw">raw</b>');
        return null;
      } catch (caught) {
        return String(caught);
      }
    });
    expect(error).toMatch(/TrustedHTML/);
    await expect(page.locator('#raw')).toHaveCount(0);
  });
});

test.describe('Google return screen', () => {
  test('drops the token from the address bar and history and sends no referrer', async ({
    page,
    api,
  }) => {
    const { token } = await api.registerVerified(newUser());
    expect(token).not.toBe('');
    const referrers: Promise<string | null>[] = [];
    const addressAtFirstApiCall: string[] = [];
    page.on('request', (request) => {
      referrers.push(request.headerValue('referer'));
      if (request.url().includes('/api/profile')) addressAtFirstApiCall.push(page.url());
    });

    await page.goto('/login');
    const response = await returnFromGoogle(page, token);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page).toHaveURL(/\/cabinet/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(page.url()).not.toContain(token);
    // Gone before the app did anything with it (the profile request comes first).
    expect(addressAtFirstApiCall.length).toBeGreaterThan(0);
    for (const address of addressAtFirstApiCall) expect(address).not.toContain(token);
    // No request of that document (assets, locales, API) carried the URL with the token.
    const sent = (await Promise.all(referrers)).filter((value) => value?.includes(token));
    expect(sent).toEqual([]);
    // Back goes to the page before the Google return, never to a URL with the token.
    await page.goBack();
    await page.waitForLoadState('networkidle');
    expect(page.url()).not.toContain(token);
  });
});
