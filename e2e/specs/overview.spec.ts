import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { formatDollars, type Overview } from '@proxy/contract';
import { parseProxyUsername } from '../../apps/gateway/src/auth/targeting.ts';
import { BASE_URL, E2E_GATEWAY } from '../playwright.config.ts';
import {
  PHONE,
  buyBase,
  expand,
  expect,
  expectNoSeriousA11yViolations,
  listPackages,
  logIn,
  test,
  wideClipboardPage,
} from '../fixtures.ts';

const run = promisify(execFile);

/** The cabinet's own echo of the caller's address: what the destination saw. */
const CHECK_URL = `${BASE_URL}/api/ip`;

/** The demo inventory's German exits (the server seeded it on its empty database). */
const germanExits = (
  JSON.parse(
    readFileSync(
      new URL('../../apps/api/src/db/seed/demo-inventory.json', import.meta.url),
      'utf8',
    ),
  ) as { exits: { address: string; country: string }[] }
).exits
  .filter((exit) => exit.country === 'DE')
  .map((exit) => exit.address);

/**
 * The address the check URL saw through `proxyUrl` (curl's -x, as the builder prints it), once
 * the gateway has the new package (it loads it from its notification); no proxy settings from
 * the environment (a NO_PROXY covering 127.0.0.1 would bypass -x).
 */
const exitThrough = async (proxyUrl: string) => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/_proxy$/i.test(name)),
  );
  let ip = '';
  await expect(async () => {
    const { stdout } = await run('curl', ['-sS', '--max-time', '10', '-x', proxyUrl, CHECK_URL], {
      env,
    });
    ip = (JSON.parse(stdout) as { ip: string }).ip;
  }).toPass({ timeout: 20_000 });
  return ip;
};

test.describe('cabinet overview and endpoint builder', () => {
  test.use(wideClipboardPage);

  test('a customer with a package lands on the overview, sees it on a phone, and builds a sticky SOCKS5 endpoint that works', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const { user, caller } = await api.customer('50');
    const base = await buyBase(caller);
    await expect(async () => {
      const rows = await listPackages(caller);
      expect(rows.map((row) => row.status)).toEqual(['active']);
    }).toPass({ timeout: 30_000 });
    const overview = (await caller.get<{ data: Overview }>('/overview')).data;
    const balance = formatDollars(overview.balance, 'en');
    const pkg = overview.packages[0]!;

    // Signing in: /cabinet sends a customer with packages to the overview.
    await logIn(page, user);
    await expect(page).toHaveURL(/\/cabinet\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByTestId('overview-balance')).toHaveText(balance);
    const card = page.getByTestId(`overview-package-${pkg.id}`);
    await expect(card).toContainText(base.title);
    await expect(card).toContainText('0 B of 5 GB used');
    await expect(card.getByTestId('traffic-left')).toHaveText('5 GB left');
    await expect(page.getByTestId('overview-spend')).toHaveText(
      formatDollars(overview.spend_30d, 'en'),
    );
    await expect(page.getByTestId('usage-chart')).toHaveAttribute('data-state', 'ready');
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Overview' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);

    // A phone: the footer with the balance is gone, the header shows it.
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(balance);
    await expect(page.getByTestId('balance')).toBeHidden();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.setViewportSize(wideClipboardPage.viewport);

    // The packages table shows used and left; the panel's builder makes a sticky SOCKS5 URL
    // through Germany.
    await page.goto('/cabinet/packages');
    const traffic = page.getByTestId(`traffic-${pkg.id}`);
    await expect(traffic).toContainText('Used: 0 B');
    await expect(traffic).toContainText('Left: 5 GB');
    const panel = await expand(page, base.title);
    const builder = panel.getByRole('region', { name: 'Endpoint builder' });
    await builder.getByRole('radio', { name: 'SOCKS5' }).check();
    await builder.getByLabel('Country', { exact: true }).selectOption({ label: 'Germany' });
    await builder.getByRole('radio', { name: /^Sticky/ }).check();
    await builder.getByLabel('Session lifetime').fill('30');
    await builder.getByLabel('Unit', { exact: true }).selectOption({ label: 'minutes' });
    await builder
      .getByLabel('Format', { exact: true })
      .selectOption({ label: 'socks5://USER:PASS@IP:PORT' });
    const shown = builder.getByLabel('Proxy', { exact: true });
    await expect(shown).toHaveText(/^socks5:\/\//);
    const endpoint = (await shown.textContent()) ?? '';
    await builder.getByRole('button', { name: 'Copy Proxy' }).click();
    await expect(builder.getByRole('button', { name: 'Proxy copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(endpoint);

    const url = new URL(endpoint);
    expect(url.hostname).toBe(E2E_GATEWAY.host);
    expect(url.port).toBe(String(E2E_GATEWAY.socksPort));
    const targeting = parseProxyUsername(decodeURIComponent(url.username));
    expect(targeting).toMatchObject({ country: 'DE', city: null, sessionTtlMs: 30 * 60 * 1000 });
    expect(targeting?.session).toMatch(/^[1-9]\d{5}$/);

    // Through the gateway: a German exit, the same one for the session's next request.
    const first = await exitThrough(endpoint);
    expect(germanExits).toContain(first);
    expect(await exitThrough(endpoint)).toBe(first);
  });
});
