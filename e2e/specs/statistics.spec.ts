import {
  buyBase,
  downloadReportCsv,
  expect,
  expectNoSeriousA11yViolations,
  listPackages,
  logIn,
  runScript,
  test,
  type Api,
} from '../fixtures.ts';

/** Bytes booked to the package's hour `hoursAgo`, as the gateway's flush books them. */
const meter = (packageKey: string, hoursAgo: number, up: number, down: number) =>
  runScript(
    'apps/api/test/meter-usage.cli.ts',
    packageKey,
    String(hoursAgo),
    String(up),
    String(down),
  );

/** A new verified user with $100 and a Base package: the user, their API caller, the package. */
const customerWithPackage = async (api: Api) => {
  const { user, caller } = await api.customer('100');
  await buyBase(caller);
  const [pkg] = await listPackages(caller);
  if (!pkg) throw new Error('no package');
  return { user, caller, pkg };
};

test.describe('statistics and API tools', () => {
  test('the statistics page draws its chart and its totals match the metered usage', async ({
    page,
    api,
  }) => {
    await page.setViewportSize({ width: 1300, height: 1000 });
    const { user, pkg } = await customerWithPackage(api);
    // 1.5 MiB down + 0.5 MiB up two hours ago; 3 MiB down 10 days ago (monthly and all only).
    await meter(pkg.package_key, 2, 512 * 1024, 1536 * 1024);
    await meter(pkg.package_key, 240, 0, 3 * 1024 * 1024);

    await logIn(page, user);
    await page.goto(`/orders/statistics/${pkg.package_key}/daily`);
    await expect(page.getByRole('heading', { name: 'Traffic statistics' })).toBeVisible();
    await expect(page.getByTestId('total-daily').locator('strong')).toHaveText('2 MB');
    await expect(page.getByTestId('total-weekly').locator('strong')).toHaveText('2 MB');
    await expect(page.getByTestId('total-monthly').locator('strong')).toHaveText('5 MB');
    await expect(page.getByTestId('total-all').locator('strong')).toHaveText('5 MB');
    await expect(page.getByTestId('total-daily').locator('strong')).toHaveAttribute(
      'data-bytes',
      String(2 * 1024 * 1024),
    );

    // uPlot draws on a canvas: the chart is there and has coloured pixels (the series).
    const chart = page.getByTestId('usage-chart');
    await expect(chart).toHaveAttribute('data-state', 'ready');
    const canvas = chart.locator('canvas');
    await expect(canvas).toHaveCount(1);
    const painted = await canvas.evaluate((element: HTMLCanvasElement) => {
      const context = element.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, element.width, element.height);
      let count = 0;
      // The download series' stroke (#2563eb): blue pixels.
      for (let i = 0; i < data.length; i += 4)
        if ((data[i + 2] ?? 0) > 180 && (data[i] ?? 255) < 120 && (data[i + 3] ?? 0) > 0) count++;
      return count;
    });
    expect(painted).toBeGreaterThan(20);
    await expect(page.locator('.u-series path, .u-legend')).not.toHaveCount(0);

    // Another period from its total; the same package by uuid.
    await page.getByTestId('total-all').click();
    await expect(page).toHaveURL(new RegExp(`/orders/statistics/${pkg.package_key}/all$`));
    await expect(chart).toHaveAttribute('data-state', 'ready');
    await expectNoSeriousA11yViolations(page);

    // The report: period and format first, then the file.
    const button = page.getByRole('button', { name: 'Download report' });
    expect(await downloadReportCsv(page, button, 'monthly')).toContain(
      `Total,${512 * 1024},${(1536 + 3072) * 1024},${5 * 1024 * 1024}`,
    );
  });

  test('the API tools page shows the credentials, URLs and curl examples', async ({
    page,
    api,
  }) => {
    const { user, caller, pkg } = await customerWithPackage(api);
    const detail = await caller.get<{
      data: { login: string; password: string; host: string; port: number };
    }>(`/api-tools/${pkg.package_key}`);

    await logIn(page, user);
    await page.goto(`/cabinet/dynamic/api-tools/${pkg.package_key}`);
    await expect(page.getByRole('heading', { name: 'API tools', level: 1 })).toBeVisible();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect(field('Login')).toHaveText(detail.data.login);
    await expect(field('Password')).toHaveText(detail.data.password);
    await expect(field('Host')).toHaveText(detail.data.host);
    await expect(field('Port (HTTP/HTTPS)')).toHaveText(String(detail.data.port));
    await expect(field('HTTP proxy URL (HTTP and HTTPS sites)')).toHaveText(
      `http://${detail.data.login}:${detail.data.password}@${detail.data.host}:${detail.data.port}`,
    );
    const examples = page.getByTestId('curl-example');
    await expect(examples.locator('code').first()).toHaveText(
      new RegExp(`^curl -x 'http://${detail.data.login}:`),
    );
    await expect(page.locator('[data-example="session"] code')).toHaveText(
      new RegExp(`${detail.data.login}_s_\\d{6}:`),
    );
    // Plain, country, city, session, country and city sessions, SOCKS5: the demo inventory has
    // exits with a country and a city for every example to target.
    await expect(examples).toHaveCount(7);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Password' }).click();
    await expect(page.getByRole('button', { name: 'Password copied' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(detail.data.password);
    await expectNoSeriousA11yViolations(page);
  });
});
