import {
  test,
  expect,
  newUser,
  findMailLink,
  expectNoSeriousA11yViolations,
  logIn,
  signedIn,
  submitLogInForm,
  submitRegisterForm,
  VERIFY_LINK,
} from '../fixtures.ts';

test.describe('account journey', () => {
  test('register, verify e-mail from the mail file, log in, edit the profile', async ({ page }) => {
    const user = newUser();

    await page.goto('/register');
    await expect(page).toHaveURL(/\/register$/);
    await expectNoSeriousA11yViolations(page);

    await submitRegisterForm(page, user);

    // Unverified: the cabinet shows the verify-email screen instead of pages.
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const link = await findMailLink(user.email, VERIFY_LINK);
    await page.goto(link);
    await expect(page).toHaveURL(/\/cabinet/);
    await expect(page.getByText('Your e-mail address has been verified.')).toBeVisible();

    // Log out and log in again with the form.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expectNoSeriousA11yViolations(page);
    await submitLogInForm(page, user);
    // A customer without packages lands on the buy page: the menu is used once it is there.
    await expect(page).toHaveURL(/\/cabinet\/buy\/select-type$/);

    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/cabinet\/profile$/);
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByLabel('Email')).toHaveValue(user.email);

    await page.getByLabel('Name').fill(`${user.name}_new`);
    await page.getByLabel('Telegram').fill('@proxy_fan');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue(`${user.name}_new`);
    await expect(page.getByLabel('Telegram')).toHaveValue('@proxy_fan');
  });

  test('the profile password change asks for the current password', async ({ page, api }) => {
    const user = await signedIn(page, api, { at: '/cabinet/profile' });
    const newPassword = `${user.password}-2`;
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    await page.getByRole('button', { name: 'Log out' }).click();
    await logIn(page, { ...user, password: newPassword });
  });

  test('the profile page loads zod only once a form is used, then validates with the shared schema', async ({
    page,
    api,
  }) => {
    await signedIn(page, api);
    // The scripts of a fresh load of the profile page that carry zod (its core class names).
    const zodScripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes('$ZodType')) zodScripts.push(response.url());
    });
    await page.goto('/cabinet/profile', { waitUntil: 'networkidle' });
    await expect(page.getByLabel('Telegram')).toBeVisible();
    expect(zodScripts).toEqual([]);

    await page.getByLabel('Telegram').fill('no_at_sign');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText('The Telegram username must start with @ and contain only letters'),
    ).toBeVisible();
    expect(zodScripts).not.toEqual([]);
  });

  test('shows validation messages from the shared schema', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Nickname').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The nickname must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(page.getByText('The password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
  });

  test('switching the language changes the texts and saves the locale', async ({ page, api }) => {
    const user = await api.register(newUser());
    await page.goto('/login');
    await submitLogInForm(page, user);
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();

    await page.getByRole('button', { name: 'RU' }).click();
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    await expect
      .poll(async () => {
        const res = await page.request.get('/api/profile', {
          headers: { Authorization: `Bearer ${user.token}` },
        });
        return ((await res.json()) as { user: { locale: string } }).user.locale;
      })
      .toBe('ru');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });

  test('a logout in one tab logs out the other tab', async ({ context, api }) => {
    const user = await api.register(newUser());
    const first = await context.newPage();
    await first.goto('/login');
    await submitLogInForm(first, user);
    await expect(first.getByRole('button', { name: 'Log out' })).toBeVisible();

    // The profile is drawn by the server: its Log out button is on screen before the app's
    // scripts run. Holding the scripts back makes that moment last, so a click there must wait
    // for the app instead of being lost.
    const second = await context.newPage();
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await second.route(/\.js(\?|$)/, async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await second.goto('/cabinet/profile', { waitUntil: 'commit' });
    const logOut = second.getByRole('button', { name: 'Log out' });
    await expect(logOut).toBeVisible();
    const clicked = logOut.click();
    releaseScripts();
    await clicked;
    await expect(second).toHaveURL(/\/login/);

    await expect(first).toHaveURL(/\/login/);
  });

  test('forgot and reset password through the mailed link', async ({ page, api }) => {
    const user = await api.register(newUser());
    await page.goto('/forgot-password');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(user.email)).toBeVisible();

    const link = await findMailLink(user.email, /http:\/\/[^\s"<>]+\/update-password\?[^\s"<>]+/);
    await page.goto(link);
    await expectNoSeriousA11yViolations(page);
    const newPassword = `${user.password}-2`;
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/login/);

    await submitLogInForm(page, { ...user, password: newPassword });
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a guest is sent to login and returned to the original location; unknown paths show 404', async ({
    page,
    api,
  }) => {
    await page.goto('/cabinet/profile?tab=1');
    await expect(page).toHaveURL(/\/login/);
    const user = await api.registerVerified(newUser());
    await submitLogInForm(page, user);
    await expect(page).toHaveURL(/\/cabinet\/profile\?tab=1$/);
    await expect(page.getByLabel('Email')).toHaveValue(user.email);

    await page.goto('/cabinet/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to cabinet' }).click();
    await expect(page).toHaveURL(/\/cabinet/);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/cabinet/);
  });
});
