import {
  buyOneOfEach,
  expect,
  expand,
  expectNoSeriousA11yViolations,
  logIn,
  refreshUntilActive,
  rowOf,
  test,
  wideClipboardPage,
} from '../fixtures.ts';

test.describe('packages screen', () => {
  test.use(wideClipboardPage);

  test('each family panel, copy, auto-renew, extend and delete with the e-mail', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const { user, caller } = await api.customer('5000');
    const tariffs = await buyOneOfEach(caller);
    await logIn(page, user);
    await page.goto('/cabinet/packages');

    // Provisioning takes a moment: refresh until all four are active.
    await refreshUntilActive(page, 4);
    await expectNoSeriousA11yViolations(page);

    // Each family's panel; one row open at a time.
    const dynamic = await expand(page, tariffs.base);
    await expect(dynamic.getByRole('link', { name: 'Proxy lists' })).toBeVisible();
    await expect(dynamic.getByText('0 B of 5 GB used')).toBeVisible();
    const premium = await expand(page, tariffs.premium);
    await expect(premium.getByText('Package UUID')).toBeVisible();
    await expect(dynamic).toHaveCount(0);
    const isp = await expand(page, tariffs.isp);
    await expect(isp.getByRole('link', { name: 'IP list' })).toBeVisible();
    await expect(isp.getByText(/change the ISP/)).toBeVisible();
    const unlim = await expand(page, tariffs.unlim);
    await expect(unlim.getByRole('region', { name: 'Live metrics' })).toBeVisible();
    await expect(unlim.getByText('Current speed')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Copy the login of the premium package: the button confirms, the clipboard holds it.
    const premiumPanel = await expand(page, tariffs.premium);
    const login = await premiumPanel
      .locator('.copy-field', { hasText: 'Login' })
      .locator('code')
      .textContent();
    await premiumPanel.getByRole('button', { name: 'Copy Login' }).click();
    await expect(premiumPanel.getByRole('button', { name: 'Login copied' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(login);

    // Auto-renewal of the base package: on at once, stored (still on after a reload), and
    // extend is disabled meanwhile; then off again.
    let base = await expand(page, tariffs.base);
    const autoRenew = () => base.getByRole('switch', { name: 'Auto-renewal' });
    await autoRenew().click();
    await expect(autoRenew()).toHaveAttribute('aria-checked', 'true');
    await expect(base.getByRole('button', { name: 'Extend' })).toBeDisabled();
    await page.reload();
    base = await expand(page, tariffs.base);
    await expect(autoRenew()).toHaveAttribute('aria-checked', 'true');
    await autoRenew().click();
    await expect(autoRenew()).toHaveAttribute('aria-checked', 'false');
    await expect(autoRenew()).toBeEnabled();

    // Extend the base package from the balance.
    const balanceBefore = await page.getByTestId('balance').textContent();
    await base.getByRole('button', { name: 'Extend' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend the package' });
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect(extend).toHaveCount(0);
    await expect(page.getByTestId('balance')).not.toHaveText(balanceBefore ?? '');

    // Delete the ISP package: the button waits for the e-mail, another e-mail is refused.
    await rowOf(page, tariffs.isp)
      .getByRole('button', { name: /^Delete package/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete the package' });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Your e-mail').fill('someone-else@example.com');
    await confirm.click();
    await expect(dialog.getByText("The e-mail does not match your account's.")).toBeVisible();
    await dialog.getByLabel('Your e-mail').fill(user.email);
    await confirm.click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, tariffs.isp)).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Active' })).toHaveCount(3);
  });
});
