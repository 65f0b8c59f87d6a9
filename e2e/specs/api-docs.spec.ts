import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  logIn,
  newUser,
  test,
  watchContentSecurityPolicy,
} from '../fixtures.ts';

const apiKeyOf = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { user: { api_key: string } }).user.api_key;
};

test.describe('API documentation', () => {
  test('the page renders the document and "Try it out" calls the API with the key', async ({
    page,
    api,
    request,
  }) => {
    await page.setViewportSize({ width: 1300, height: 1000 });
    const expectClean = await watchContentSecurityPolicy(page);
    const user = await api.registerVerified(newUser());
    const apiKey = await apiKeyOf(request, user.token);
    await logIn(page, user);

    await page.goto('/cabinet/api-documentation');
    await expect(page.getByRole('heading', { level: 1, name: 'API documentation' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Your API key' }).locator('.copyable-code__value'),
    ).toHaveText(apiKey);
    // The first example is the balance call, with the key, ready to paste.
    const curl = page.getByRole('figure', { name: 'curl' });
    await expect(curl).toContainText(`X-Api-Key: ${apiKey}`);
    await expect(curl).toContainText('/api/profile');
    await page.getByLabel('Request').selectOption('catalogue.buyDynamic');
    await expect(page.getByRole('figure', { name: 'Node.js (fetch)' })).toContainText(
      'body: JSON.stringify({',
    );

    // Swagger UI, loaded on this page only, lists the public routes.
    const balance = page.locator('.opblock-get').filter({
      has: page.locator('.opblock-summary-path', { hasText: /^\/api\/profile$/ }),
    });
    await expect(balance).toBeVisible({ timeout: 30_000 });
    // Swagger UI's operations sit inside the page's own main landmark, not in a second one.
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(
      page.locator('.opblock-summary-path', { hasText: '/api/update-password' }),
    ).toHaveCount(0);
    await balance.locator('.opblock-summary').click();
    await balance.getByRole('button', { name: 'Try it out' }).click();
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/profile') && request.method() === 'GET',
    );
    await balance.getByRole('button', { name: 'Execute' }).click();
    expect((await sent).headers()['x-api-key']).toBe(apiKey);
    await expect(
      balance.locator('.live-responses-table tr.response .response-col_status'),
    ).toHaveText('200');
    await expect(
      balance.locator('.live-responses-table tr.response .response-col_description'),
    ).toContainText(`"api_key": "${apiKey}"`);
    await page.waitForLoadState('networkidle');
    await expectClean('api documentation');
    // Our own content is held to the usual bar; of Swagger UI's markup (not ours to change)
    // the contrast of its badges and buttons, which our stylesheet sets.
    await expectNoSeriousA11yViolations(page, { exclude: '.api-docs-swagger' });
    await expectNoSeriousA11yViolations(page, {
      include: '.api-docs-swagger',
      rules: ['color-contrast'],
    });
  });

  test('Swagger UI is not part of /login: its chunk loads with the documentation only', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet')
        scripts.push(request.url());
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('swagger'))).toEqual([]);
  });

  test('the profile regenerates the key: the old one is refused at once', async ({
    page,
    api,
    request,
  }) => {
    const expectClean = await watchContentSecurityPolicy(page);
    const user = await api.registerVerified(newUser());
    const oldKey = await apiKeyOf(request, user.token);
    await logIn(page, user);
    await page.goto('/cabinet/profile');
    const keyOnProfile = page
      .getByRole('region', { name: 'API key', exact: true })
      .locator('.copyable-code__value');
    await expect(keyOnProfile).toHaveText(oldKey);
    await page.getByRole('button', { name: 'Regenerate key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the API key?' });
    await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect(page.getByText('A new API key has been created.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const newKey = await apiKeyOf(request, user.token);
    expect(newKey).not.toBe(oldKey);
    await expect(keyOnProfile).toHaveText(newKey);
    const withKey = (key: string) => request.get('/api/profile', { headers: { 'x-api-key': key } });
    expect((await withKey(oldKey)).status()).toBe(401);
    expect((await withKey(newKey)).status()).toBe(200);
    await expectClean('profile');
  });
});
