import { BASE_URL } from '../playwright.config.ts';
import { test, expect, logIn, newUser, PHONE, watchContentSecurityPolicy } from '../fixtures.ts';
import { authenticatorApp } from '../totp.ts';

const SECURITY = '/cabinet/profile/security';

test('two-factor sign-in: turn on, sign in with a code and a recovery code, revoke a session', async ({
  page,
  api,
  request,
}) => {
  const expectNoPolicyViolation = await watchContentSecurityPolicy(page);
  const user = await api.registerVerified(newUser());
  await logIn(page, user);
  // A customer without packages lands on the buy page: the menu is used once it is there.
  await expect(page).toHaveURL(/\/cabinet\/buy\/select-type$/);

  // Turn it on: the secret as text beside the QR code, confirmed with a current code.
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(new RegExp(`${SECURITY}$`));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  // The QR code (the API's SVG) reaches the page through DOMPurify under Trusted Types.
  await expectNoPolicyViolation('two-factor set-up');
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const app = authenticatorApp(secret);
  await page.getByLabel('Code from the app').fill(app.next());
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();

  // Log out; the password alone no longer signs in: the code step follows.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is wrong or has already been used.')).toBeVisible();
  await codeField.fill(app.next());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/cabinet/);

  // A recovery code signs in once.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  const [firstRecovery, secondRecovery] = recoveryCodes;
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authentication code').fill(firstRecovery ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/cabinet/);

  // Another device signs in through the API (with the second recovery code).
  const passwordStep = await request.post('/api/userlogin', {
    data: { email: user.email, password: user.password },
    headers: { 'user-agent': 'curl/8.5.0' },
  });
  const { challenge_token } = (await passwordStep.json()) as { challenge_token: string };
  const codeStep = await request.post('/api/userlogin/two-factor', {
    data: { challenge_token, code: secondRecovery },
    headers: { 'user-agent': 'curl/8.5.0' },
  });
  expect(codeStep.status()).toBe(200);
  const { token: otherToken } = (await codeStep.json()) as { token: string };
  const otherProfile = () =>
    request.get('/api/profile', { headers: { authorization: `Bearer ${otherToken}` } });
  expect((await otherProfile()).status()).toBe(200);

  // The sessions list: this browser marked, the API's device signed out from here.
  await page.goto(SECURITY);
  await expect(page.getByText('8 recovery codes left')).toBeVisible();
  const sessions = page.getByTestId('session-item');
  const current = sessions.filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome');
  const other = sessions.filter({ hasText: 'curl 8' });
  await expect(other).toHaveCount(1);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The device is signed out.')).toBeVisible();
  await expect(other).toHaveCount(0);
  expect((await otherProfile()).status()).toBe(401);
  await expect(current).toHaveCount(1);

  // The sessions page on a phone: everything inside 390 px, this device still marked.
  await page.setViewportSize(PHONE);
  await page.goto(`${BASE_URL}${SECURITY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(current).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  const box = await current.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
});
