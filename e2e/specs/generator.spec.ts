import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { parseProxyUsername } from '../../apps/gateway/src/auth/targeting.ts';
import {
  addExit,
  buyBase,
  buyPremium,
  downloadedText,
  downloadReportCsv,
  expand,
  expect,
  expectNoSeriousA11yViolations,
  listPackages,
  logIn,
  removeAddedExits,
  rowOf,
  test,
  wideClipboardPage,
  type Caller,
  type PackageRow,
} from '../fixtures.ts';

type Connection = { host: string; port_http: number; port_socks: number; login: string };

/** Buys a Base (row type dynamic) and a Premium (row type vip) package; waits until active. */
const buyDynamicAndPremium = async (api: Caller) => {
  await buyBase(api);
  await buyPremium(api);
  let rows: PackageRow[] = [];
  await expect(async () => {
    rows = await listPackages(api);
    expect(rows.filter((row) => row.status === 'active')).toHaveLength(2);
  }).toPass({ timeout: 30_000 });
  return {
    dynamic: rows.find((row) => row.type === 'dynamic')!,
    premium: rows.find((row) => row.type === 'vip')!,
  };
};

/** A line in its format, split into its parts; the username as the gateway parses it. */
const parseLine = (line: string, format: 0 | 1) => {
  const match =
    format === 0
      ? /^([^:@]+):(\d+):([^:@]+):([^:@]+)$/.exec(line)
      : /^([^:@]+):([^:@]+)@([^:@]+):(\d+)$/.exec(line);
  expect(match, line).not.toBeNull();
  const [host, port, user] =
    format === 0 ? [match![1], match![2], match![3]] : [match![3], match![4], match![1]];
  const targeting = parseProxyUsername(user!);
  expect(targeting, `the gateway accepts ${user}`).not.toBeNull();
  return { host: host!, port: Number(port), targeting: targeting! };
};

type Generation = {
  format: 0 | 1;
  protocol: 'HTTP' | 'SOCKS5';
  count: number;
  /** Sticky sessions of this lifetime (and its unit's label); rotating ones without. */
  lifetime?: [number, 'minutes' | 'hours' | 'days'];
  country?: string;
  city?: string;
};

/**
 * Fills the generator form, generates, and answers the lines of the read-only area: as many as
 * asked for, each with its parts (`parseLine`).
 */
const generate = async (dialog: Locator, g: Generation) => {
  await dialog.getByRole('radio', { name: g.protocol }).check();
  await dialog.getByRole('radio', { name: g.lifetime ? /^Sticky/ : /^Rotating/ }).check();
  if (g.lifetime) {
    await dialog.getByLabel('Session lifetime').fill(String(g.lifetime[0]));
    await dialog.getByLabel('Unit', { exact: true }).selectOption({ label: g.lifetime[1] });
  }
  const countries = dialog.getByRole('list', { name: 'Countries' });
  for (const box of await countries.getByRole('checkbox', { checked: true }).all())
    await box.uncheck();
  if (g.country) await countries.getByRole('checkbox', { name: g.country }).check();
  if (g.city)
    await dialog
      .getByRole('list', { name: 'Cities' })
      .getByRole('checkbox', { name: g.city })
      .check();
  await dialog.getByLabel('Number of proxies').fill(String(g.count));
  await dialog
    .getByRole('radio', { name: g.format === 0 ? 'IP:PORT:USER:PASS' : 'USER:PASS@IP:PORT' })
    .check();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const area = dialog.getByLabel(`Generated proxies (${g.count})`);
  await expect(area).toBeVisible();
  const lines = (await area.inputValue()).split('\n');
  expect(lines).toHaveLength(g.count);
  return lines.map((line) => ({ line, ...parseLine(line, g.format) }));
};

test.describe('proxy generator, report and row download', () => {
  test.use(wideClipboardPage);
  test.afterAll(removeAddedExits);

  test('generator lines from a premium and a dynamic package, the report csv, the row download', async ({
    page,
    api,
  }) => {
    test.setTimeout(150_000);
    // The generator offers only what the gateway's exits serve.
    await addExit(
      `e2e-gen-${randomBytes(3).toString('hex')}`,
      '--country',
      'de',
      '--city',
      'berlin',
    );

    const { user, caller } = await api.customer('500');
    const { dynamic, premium } = await buyDynamicAndPremium(caller);
    const premiumConnection = (
      await caller.get<{ data: { proxy_ip: string } & Connection }>(`/packages/vip/${premium.id}`)
    ).data;
    const dynamicConnection = (
      await caller.get<{ data: { connection: Connection } }>(`/packages/dynamic/${dynamic.id}`)
    ).data.connection;

    await logIn(page, user);
    await page.goto('/cabinet/packages');

    // Premium: sticky lines in format 1 through Berlin, then rotating lines in format 0.
    let panel = await expand(page, premium.tariff_name);
    await panel.getByRole('link', { name: 'Proxy generator' }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/packages/generator/${premium.id}$`));
    let dialog = page.getByRole('dialog', { name: `Proxy generator, package #${premium.id}` });
    await expect(dialog.getByRole('list', { name: 'Countries' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const sticky = await generate(dialog, {
      format: 1,
      protocol: 'HTTP',
      count: 25,
      lifetime: [30, 'minutes'],
      country: 'Germany',
      city: 'Berlin',
    });
    const sessions = new Set<string>();
    for (const { host, port, targeting } of sticky) {
      expect(host).toBe(premiumConnection.proxy_ip);
      expect(port).toBe(premiumConnection.port_http);
      expect(targeting).toMatchObject({
        login: premiumConnection.login,
        country: 'DE',
        city: 'berlin',
        sessionTtlMs: 30 * 60 * 1000,
      });
      expect(targeting.session).toMatch(/^[1-9]\d{5}$/);
      sessions.add(targeting.session!);
    }
    expect(sessions.size).toBe(25);

    // Copy all: the button confirms, the clipboard holds every line.
    await dialog.getByRole('button', { name: 'Copy all' }).click();
    await expect(dialog.getByRole('button', { name: 'All proxies copied' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      sticky.map(({ line }) => line).join('\n'),
    );

    const rotating = await generate(dialog, {
      format: 0,
      protocol: 'SOCKS5',
      count: 7,
    });
    for (const { port, targeting } of rotating) {
      expect(port).toBe(premiumConnection.port_socks);
      expect(targeting).toMatchObject({
        login: premiumConnection.login,
        country: null,
        session: null,
      });
    }
    // The lines as a csv file (txt or csv: made in the browser): a header row, then the lines.
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const choose = page.getByRole('dialog', { name: 'Download the generated proxies' });
    await expect(choose.getByLabel('Format').locator('option')).toHaveText([
      'Choose…',
      'TXT',
      'CSV',
    ]);
    await choose.getByLabel('Format').selectOption('csv');
    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      choose.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    await expect(choose).toHaveCount(0);
    expect(csvFile.suggestedFilename()).toBe(`generator-${premium.id}.csv`);
    expect(await downloadedText(csvFile)).toBe(
      ['Proxy', ...rotating.map(({ line }) => line)].map((l) => `${l}\r\n`).join(''),
    );

    // A count above 99999 is refused on its field; closing returns to the list.
    await dialog.getByLabel('Number of proxies').fill('100000');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(
      dialog.getByText('The number of proxies must be a whole number from 1 to 99999.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/cabinet\/packages$/);

    // Dynamic: rotating lines in format 1 and sticky lines in format 0 (hours).
    panel = await expand(page, dynamic.tariff_name);
    await panel.getByRole('link', { name: 'Proxy generator' }).click();
    dialog = page.getByRole('dialog', { name: `Proxy generator, package #${dynamic.id}` });
    const dynamicRotating = await generate(dialog, {
      format: 1,
      protocol: 'HTTP',
      count: 3,
      country: 'Germany',
    });
    for (const { targeting } of dynamicRotating)
      expect(targeting).toMatchObject({
        login: dynamicConnection.login,
        country: 'DE',
        city: null,
        session: null,
      });
    const dynamicSticky = await generate(dialog, {
      format: 0,
      protocol: 'HTTP',
      count: 4,
      lifetime: [2, 'hours'],
    });
    for (const { host, targeting } of dynamicSticky) {
      expect(host).toBe(dynamicConnection.host);
      expect(targeting).toMatchObject({
        login: dynamicConnection.login,
        sessionTtlMs: 2 * 3600 * 1000,
      });
    }
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The report modal: Download waits for period and format; the csv has the report's header.
    panel = await expand(page, dynamic.tariff_name);
    await panel.getByRole('button', { name: 'Download report' }).click();
    const report = page.getByRole('dialog', { name: 'Statistics report' });
    const reportCsv = await downloadReportCsv(
      report,
      report.getByRole('button', { name: 'Download' }),
      'weekly',
    );
    const reportLines = reportCsv.split('\r\n');
    expect(reportLines[0]).toBe('Start (UTC),"Upload, bytes","Download, bytes","Total, bytes"');
    // A week of hours and the total row.
    expect(reportLines.filter((line) => line !== '')).toHaveLength(1 + 168 + 1);
    await expect(report).toHaveCount(0);

    // Row download: none for the premium (vip) package; the dynamic one's lists in one file.
    await expect(
      rowOf(page, premium.tariff_name).getByRole('button', { name: /^Download the proxies/ }),
    ).toHaveCount(0);
    await caller.postOk(`/packages/${dynamic.id}/proxy-lists`, {
      name: 'Shop1',
      proxy_link_format: 'ip',
      auth_type: 0,
      location_preset: 'world-mix',
      rotation_period: 0,
      proxy_format: 0,
      ports_count: 3,
    });
    await page.reload();
    await rowOf(page, dynamic.tariff_name)
      .getByRole('button', { name: `Download the proxies of package #${dynamic.id}` })
      .click();
    const download = page.getByRole('dialog', { name: 'Download the proxies' });
    const downloadButton = download.getByRole('button', { name: 'Download' });
    await expect(download.getByText(`Every proxy list of package #${dynamic.id}`)).toBeVisible();
    await expect(downloadButton).toBeDisabled();
    await download.getByLabel('Format').selectOption('txt');
    const [listFile] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(listFile.suggestedFilename()).toBe('report.txt');
    // Several lists' report: a header, then each proxy beside its list's name.
    const [header, ...listRows] = (await downloadedText(listFile)).trimEnd().split('\n');
    expect(header).toBe('Proxy\tList');
    expect(listRows).toHaveLength(3);
    for (const row of listRows) {
      const [line, list] = row.split('\t');
      expect(list).toBe('Shop1');
      expect(parseLine(line!, 0).targeting.login).not.toBe(dynamicConnection.login);
    }
  });
});
