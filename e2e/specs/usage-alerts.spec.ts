import {
  PHONE,
  buyBase,
  expect,
  expectNoSeriousA11yViolations,
  listPackages,
  logIn,
  refreshUntilActive,
  runScript,
  test,
} from '../fixtures.ts';

const GIB = 1024 ** 3;

type Notification = { type: string; data: { label: string; value: string }[] };

test.describe('usage alerts', () => {
  test('thresholds set on a package panel at 390 px; usage over one shows its notification in the bell', async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    const { user, caller } = await api.customer('100');
    const base = await buyBase(caller);
    const [pkg] = await listPackages(caller);
    if (!pkg) throw new Error('no package');
    await logIn(page, user);
    await page.goto('/cabinet/packages');
    await refreshUntilActive(page, 1);
    // The one row, by its text: on a phone each cell also names its column.
    const row = page.getByRole('row').filter({ hasText: base.title });
    await row.getByRole('button', { name: 'Details' }).click();
    const panelId = await row.getByRole('button', { name: 'Hide' }).getAttribute('aria-controls');
    const panel = page.locator(`[id="${panelId}"]`);
    const alerts = panel.getByRole('region', { name: 'Alerts' });
    await expect(alerts).toBeVisible();

    // The contract's rules in the browser: nothing is sent while a value is out of range.
    const traffic = alerts.getByLabel('Traffic used, %');
    const days = alerts.getByLabel('Days before the expiry');
    await traffic.fill('0, 50');
    await alerts.getByRole('button', { name: 'Save alerts' }).click();
    await expect(alerts.getByText('Whole numbers from 1 to 100.')).toBeVisible();
    expect(
      (await caller.get<{ data: { traffic_percents: number[] } }>(`/packages/${pkg.id}/alerts`))
        .data.traffic_percents,
    ).toEqual([]);

    await traffic.fill('80 50');
    await days.fill('3, 7');
    await alerts.getByRole('button', { name: 'Save alerts' }).click();
    await expect(page.getByText('Alerts saved.')).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await caller.get<{ data: { traffic_percents: number[]; expiry_days: number[] } }>(
              `/packages/${pkg.id}/alerts`,
            )
          ).data,
      )
      .toEqual({
        traffic_percents: [50, 80],
        expiry_days: [3, 7],
        has_traffic: true,
        has_expiry: true,
      });
    // Saved values come back sorted; the section fits the phone's width.
    await expect(traffic).toHaveValue('50, 80');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The gateway's flush books 3 GiB of the package's 5 GB: over 50%, not 80%.
    await runScript('apps/api/test/meter-usage.cli.ts', pkg.package_key, '0', '0', String(3 * GIB));
    const isAlert = (n: Notification) => n.type === 'notifications.traffic_alert';
    await expect
      .poll(
        async () =>
          (
            await caller.get<{ data: Notification[] }>('/profile/notifications?per_page=50')
          ).data.filter(isAlert).length,
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.reload();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const bell = page.getByRole('region', { name: 'Notifications' });
    const notification = bell
      .locator('li.notification')
      .filter({ hasText: 'Your package has reached a traffic alert you set' });
    await expect(notification).toHaveCount(1);
    await expect(notification).toContainText(`#${pkg.id}`);
    await expect(notification).toContainText(/Traffic used: 6\d%/);
  });
});
