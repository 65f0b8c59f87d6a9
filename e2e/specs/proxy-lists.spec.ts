import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import {
  addExit,
  buyBase,
  buyIsp,
  expand,
  expect,
  expectNoSeriousA11yViolations,
  logIn,
  refreshUntilActive,
  removeAddedExits,
  test,
  wideClipboardPage,
} from '../fixtures.ts';

test.describe('proxy lists', () => {
  test.use(wideClipboardPage);
  test.afterAll(removeAddedExits);

  test('create a custom list, view, copy, download csv, rename, delete; swap an ISP list once', async ({
    page,
    api,
  }) => {
    test.setTimeout(150_000);
    // An exit in Berlin with a declared ISP: what the custom location cascade offers.
    const tag = randomBytes(3).toString('hex');
    await addExit(
      `e2e-lists-${tag}`,
      '--address',
      '127.0.0.1',
      '--country',
      'DE',
      '--region',
      'berlin',
      '--city',
      'berlin',
      '--isp',
      `Telekom${tag}`,
    );
    const { user, caller } = await api.customer('5000');
    const base = await buyBase(caller);
    const isp = await buyIsp(caller);
    await logIn(page, user);
    await page.goto('/cabinet/packages');
    await refreshUntilActive(page, 2);

    // No lists yet: the warning offers a list or the generator.
    const dynamic = await expand(page, base.title);
    await dynamic.getByRole('link', { name: 'Proxy lists' }).click();
    await expect(page).toHaveURL(/\/cabinet\/packages\/dynamic\/list\/\d+$/);
    const packageId = /list\/(\d+)$/.exec(page.url())![1];
    const warning = page.getByRole('dialog', { name: 'No proxy lists yet' });
    await expect(warning.getByRole('link', { name: 'Open the generator' })).toHaveAttribute(
      'href',
      `/cabinet/packages/generator/${packageId}`,
    );
    await warning.getByRole('button', { name: 'Create list' }).click();

    // The create form: custom location Germany -> Berlin -> Berlin -> the exit's ISP.
    const form = page.getByRole('dialog', { name: 'Create a proxy list' });
    await form.getByLabel('List name').fill('Shop1');
    await form.getByRole('combobox', { name: 'Location preset' }).selectOption('custom');
    await form.getByRole('checkbox', { name: 'Germany' }).check();
    await form.getByRole('combobox', { name: 'Region' }).selectOption('berlin');
    await form.getByRole('combobox', { name: 'City' }).selectOption('berlin');
    await form.getByRole('combobox', { name: 'ISP' }).selectOption(`Telekom${tag}`);
    await expect(form.getByRole('textbox', { name: 'Login' })).toHaveValue(/^[A-Za-z0-9]{20}$/);
    await form.getByLabel('Number of ports').fill('1001');
    await form.getByRole('button', { name: 'Create list' }).click();
    await expect(form.getByText('At most 1000 ports per list.')).toBeVisible();
    await form.getByLabel('Number of ports').fill('3');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Create list' }).click();

    // The new list's view opens: three lines of the list's login sessions.
    await expect(page).toHaveURL(new RegExp(`/cabinet/packages/dynamic/view/${packageId}/\\d+$`));
    const view = page.getByRole('dialog', { name: 'Proxy list Shop1' });
    const text = view.getByRole('textbox', { name: /^Proxies/ });
    await expect(text).toHaveValue(/_s_3:/);
    const lines = (await text.inputValue()).split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) =>
      expect(line).toMatch(new RegExp(`^[^:]+:\\d+:[A-Za-z0-9]{20}_s_${i + 1}:.+$`)),
    );

    // Copy all: confirmed, the clipboard holds the lines.
    await view.getByRole('button', { name: 'Copy all' }).click();
    await expect(view.getByRole('button', { name: 'All proxies copied' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join('\n'));

    // Download as csv: a header row, then the lines.
    await view.getByRole('button', { name: 'Download' }).click();
    const choose = page.getByRole('dialog', { name: 'Download the list Shop1' });
    await expect(choose.getByRole('button', { name: 'Download' })).toBeDisabled();
    await choose.getByLabel('Format').selectOption('csv');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      choose.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Shop1.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split(/\r\n/).filter(Boolean)).toEqual(['Proxy', ...lines]);
    await expect(choose).toHaveCount(0);

    // Closing returns to the packages list.
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/cabinet\/packages$/);

    // The lists table: rename, then delete (confirmed).
    await page.goto(`/cabinet/packages/dynamic/list/${packageId}`);
    const lists = page.getByRole('dialog', { name: `Proxy lists of package #${packageId}` });
    await expect(lists.getByRole('cell', { name: 'Shop1', exact: true })).toBeVisible();
    await lists.getByRole('button', { name: 'Rename the list Shop1' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename the list Shop1' });
    await rename.getByLabel('List name').fill('Shop 2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename.getByText('The name may contain only letters and digits.')).toBeVisible();
    await rename.getByLabel('List name').fill('Shop2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toHaveCount(0);
    await expect(lists.getByRole('cell', { name: 'Shop2', exact: true })).toBeVisible();
    // Selected rows download as one report.csv: each line with its list's name.
    await lists.getByRole('checkbox', { name: /^Select row/ }).check();
    await lists.getByRole('button', { name: 'Download selected (1)' }).click();
    const report = page.getByRole('dialog', { name: 'Download the selected lists (1)' });
    await report.getByLabel('Format').selectOption('csv');
    const [reportDownload] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(reportDownload.suggestedFilename()).toBe('report.csv');
    const reportCsv = await readFile(await reportDownload.path(), 'utf8');
    expect(
      reportCsv
        .replace(/^\uFEFF/, '')
        .split(/\r\n/)
        .filter(Boolean),
    ).toEqual(['Proxy,List', ...lines.map((line) => `${line},Shop2`)]);

    await lists.getByRole('button', { name: 'Delete the list Shop2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the proxy list' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'No proxy lists yet' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'No proxy lists yet' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(page).toHaveURL(/\/cabinet\/packages$/);

    // The ISP package's IP list: swap once, then the swap is disabled.
    const ispPanel = await expand(page, isp.title);
    await ispPanel.getByRole('link', { name: 'IP list' }).click();
    const ipList = page.getByRole('dialog', { name: /^IP list of package #\d+$/ });
    const ipText = ipList.getByRole('textbox', { name: /^IP addresses/ });
    await expect(ipText).not.toHaveValue('');
    const before = await ipText.inputValue();
    await ipList.getByRole('button', { name: 'Swap ISP' }).click();
    await page
      .getByRole('dialog', { name: 'Swap the ISP' })
      .getByRole('button', { name: 'Swap' })
      .click();
    await expect(page.getByText('The addresses have been swapped.')).toBeVisible();
    await expect(ipList.getByRole('button', { name: 'Swap ISP' })).toBeDisabled();
    await expect(ipText).not.toHaveValue(before);
    await ipList.getByRole('button', { name: 'Swap ISP' }).focus();
    await expect(page.getByRole('tooltip')).toHaveText(
      'The addresses of this package have already been swapped once.',
    );
    await expectNoSeriousA11yViolations(page);
  });
});
