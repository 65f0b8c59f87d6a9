import type { Locator, Page } from '@playwright/test';
import {
  buyBase,
  buyIsp,
  buyOneOfEach,
  expect,
  expand,
  expectNoSeriousA11yViolations,
  listPackages,
  logIn,
  PHONE,
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

/** The space in px between a dialog's Cancel and its main button, side by side or stacked. */
const footerGap = async (dialog: Locator, main: string) => {
  // A side modal slides in: measure where it stops.
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
  const action = await dialog.getByRole('button', { name: main, exact: true }).boundingBox();
  if (!cancel || !action) throw new Error(`No Cancel or ${main} in the dialog`);
  const across = Math.max(action.x - cancel.x - cancel.width, cancel.x - action.x - action.width);
  const down = Math.max(action.y - cancel.y - cancel.height, cancel.y - action.y - action.height);
  return Math.max(across, down);
};

/** Opens a dialog with `open`, checks its footer's two buttons stand apart, cancels it. */
const expectFooterApart = async (
  page: Page,
  open: () => Promise<void>,
  title: string,
  main: string,
) => {
  await open();
  const dialog = page.getByRole('dialog', { name: title });
  expect(await footerGap(dialog, main), title).toBeGreaterThanOrEqual(8);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
};

for (const viewport of [wideClipboardPage.viewport, PHONE])
  test(`modal footers keep Cancel and the action apart (${viewport.width} px)`, async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { user, caller } = await api.customer('100');
    const base = await buyBase(caller);
    await logIn(page, user);
    await page.goto('/cabinet/packages');
    await refreshUntilActive(page, 1);
    // The one row, by its text: on a phone each cell also names its column.
    const row = page.getByRole('row').filter({ hasText: base.title });
    await row.getByRole('button', { name: 'Details' }).click();
    const panelId = await row.getByRole('button', { name: 'Hide' }).getAttribute('aria-controls');
    const panel = page.locator(`[id="${panelId}"]`);
    await expectFooterApart(
      page,
      () => panel.getByRole('button', { name: 'Extend' }).click(),
      'Extend the package',
      'Extend',
    );
    await expectFooterApart(
      page,
      () => panel.getByRole('button', { name: 'Upgrade' }).click(),
      'Upgrade the package',
      'Upgrade',
    );
    await expectFooterApart(
      page,
      () => panel.getByRole('button', { name: 'Download report' }).click(),
      'Statistics report',
      'Download',
    );
    await expectFooterApart(
      page,
      () => row.getByRole('button', { name: /^Delete package/ }).click(),
      'Delete the package',
      'Delete',
    );
    await panel.getByRole('link', { name: 'Proxy lists' }).click();
    await page
      .getByRole('dialog', { name: 'No proxy lists yet' })
      .getByRole('button', { name: 'Create list' })
      .click();
    const create = page.getByRole('dialog', { name: 'Create a proxy list' });
    expect(await footerGap(create, 'Create list')).toBeGreaterThanOrEqual(8);
  });

test.describe('the used ISP swap says why it is disabled', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('on touch, hover and keyboard focus, within the screen', async ({ page, api }) => {
    const { user, caller } = await api.customer('100');
    await buyIsp(caller);
    const [isp] = await listPackages(caller);
    await expect(async () => {
      await caller.postOk(`/packages/${isp!.id}/swap`, {});
    }).toPass({ timeout: 30_000 });
    await logIn(page, user);
    await page.goto(`/cabinet/packages/isp/list/${isp!.id}`);
    const reason = 'The addresses of this package have already been swapped once.';
    const swap = page.getByRole('dialog').getByRole('button', { name: 'Swap ISP' });
    await expect(swap).toBeDisabled();
    await expect(swap).toHaveAccessibleDescription(reason);
    const tooltip = page.getByRole('tooltip');
    const expectShownOnScreen = async () => {
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toHaveText(reason);
      const box = (await tooltip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.y).toBeGreaterThanOrEqual(0);
    };

    // A tap on the disabled button shows the reason; a tap elsewhere in the dialog hides it.
    const tapOn = async (target: Locator) => {
      const box = (await target.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    await tapOn(swap);
    await expectShownOnScreen();
    await tapOn(page.getByRole('dialog').getByRole('heading'));
    await expect(tooltip).toBeHidden();

    // Keyboard focus shows it too; Escape hides it.
    await swap.focus();
    await expectShownOnScreen();
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();

    // And the pointer over it.
    await swap.hover({ force: true });
    await expectShownOnScreen();
    await expectNoSeriousA11yViolations(page);
  });
});
