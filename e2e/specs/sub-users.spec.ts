import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import type { SubUser } from '@proxy/contract';
import { BASE_URL, E2E_GATEWAY } from '../playwright.config.ts';
import {
  PHONE,
  buyBase,
  expect,
  expectNoSeriousA11yViolations,
  listPackages,
  logIn,
  rowOf,
  test,
  watchContentSecurityPolicy,
  wideClipboardPage,
  type Api,
  type Caller,
  type PackageRow,
} from '../fixtures.ts';

const run = promisify(execFile);

/** The cabinet's own echo of the caller's address: what the destination saw. */
const CHECK_URL = `${BASE_URL}/api/ip`;

/** curl without the environment's proxy settings (a NO_PROXY covering 127.0.0.1 would bypass -x). */
const curlEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/_proxy$/i.test(name)),
);

/** The gateway's HTTP proxy URL of a login and password. */
const proxyOf = (login: string, password: string) =>
  `http://${login}:${password}@${E2E_GATEWAY.host}:${E2E_GATEWAY.httpPort}`;

/**
 * The HTTP status of the check URL fetched through `proxyUrl` (407: the gateway refused the
 * login), once it is `expected`: the gateway learns of a change from its notification.
 */
const expectStatusThrough = async (proxyUrl: string, expected: number) => {
  await expect(async () => {
    const { stdout } = await run(
      'curl',
      [
        '-sS',
        '--max-time',
        '10',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-x',
        proxyUrl,
        CHECK_URL,
      ],
      { env: curlEnv },
    );
    expect(Number(stdout)).toBe(expected);
  }).toPass({ timeout: 20_000 });
};

/** A customer with an active Base (dynamic) package, bought through the API. */
const customerWithBase = async (api: Api) => {
  const { user, caller } = await api.customer('50');
  const base = await buyBase(caller);
  let pkg: PackageRow | undefined;
  await expect(async () => {
    pkg = (await listPackages(caller)).find((row) => row.status === 'active');
    expect(pkg).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return { user, caller, base, pkg: pkg! };
};

const subUsersOf = async (caller: Caller, packageId: number) =>
  (await caller.get<{ data: SubUser[] }>(`/packages/${packageId}/sub-users`)).data;

/** Opens the package's row (by its text: on a phone each cell also names its column). */
const openPanel = async (page: Page, tariff: string, texts = { show: 'Details', hide: 'Hide' }) => {
  const row = page.getByRole('row').filter({ hasText: tariff });
  await row.getByRole('button', { name: texts.show }).click();
  const id = await row.getByRole('button', { name: texts.hide }).getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`);
};

/** The sub-users table's row of a sub-user. */
const subUserRow = (section: Locator, name: string) =>
  section.getByRole('row').filter({ hasText: name });

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('sub-users of a traffic package', () => {
  test.use(wideClipboardPage);

  test('a customer creates sub-users, copies a login that carries traffic, switches it off and on, edits its limit and deletes one', async ({
    page,
    api,
  }) => {
    test.setTimeout(150_000);
    const { user, caller, base, pkg } = await customerWithBase(api);
    const checkPolicy = await watchContentSecurityPolicy(page);
    await logIn(page, user);
    await page.goto('/cabinet/packages');
    await expect(rowOf(page, base.title)).toBeVisible();
    const panel = await openPanel(page, base.title);
    const section = panel.getByRole('region', { name: 'Sub-users' });

    // None yet: what sub-users are for.
    await expect(section.getByText(/No sub-users yet/)).toBeVisible();

    // The contract's rules in the browser: nothing is sent while the limit is out of range.
    await section.getByRole('button', { name: 'Add sub-user' }).click();
    let dialog = page.getByRole('dialog', { name: 'New sub-user' });
    await dialog.getByLabel('Name').fill('Team A');
    await dialog.getByLabel('Traffic limit, GB').fill('0');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(/A limit from 0.001 GB to 931,322 GB/)).toBeVisible();
    expect(await subUsersOf(caller, pkg.id)).toEqual([]);
    await dialog.getByLabel('Traffic limit, GB').fill('2');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Sub-user Team A created.')).toBeVisible();

    // A second one without a limit.
    await section.getByRole('button', { name: 'Add sub-user' }).click();
    dialog = page.getByRole('dialog', { name: 'New sub-user' });
    await dialog.getByLabel('Name').fill('Scraper');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();

    const [teamA, scraper] = await subUsersOf(caller, pkg.id);
    expect(teamA).toMatchObject({ name: 'Team A', traffic_limit_bytes: 2 * 1024 ** 3 });
    expect(scraper).toMatchObject({ name: 'Scraper', traffic_limit_bytes: null });
    const teamARow = subUserRow(section, 'Team A');
    await expect(teamARow).toContainText(teamA!.login);
    await expect(teamARow).toContainText(teamA!.password);
    await expect(teamARow).toContainText('0 B of 2 GB');
    await expect(teamARow).toContainText('Active');
    await expect(subUserRow(section, 'Scraper')).toContainText('0 B, no limit');
    await expect(section.getByTestId('sub-user-targeting')).toHaveText(
      `${teamA!.login}_c_us_s_abc`,
    );

    // Its login copied, as the package's own credentials are.
    await teamARow.getByRole('button', { name: 'Copy login of Team A' }).click();
    await expect(teamARow.getByRole('button', { name: 'login of Team A copied' })).toHaveText(
      'Copied',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(teamA!.login);

    // The gateway carries a request on the sub-user's own credentials.
    const teamAProxy = proxyOf(teamA!.login, teamA!.password);
    await expectStatusThrough(teamAProxy, 200);

    // Switched off, the gateway refuses it; switched on, it carries again.
    const toggle = teamARow.getByRole('switch', { name: 'Team A switched on' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(teamARow).toContainText('Disabled');
    await expectStatusThrough(teamAProxy, 407);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(teamARow).toContainText('Active');
    await expectStatusThrough(teamAProxy, 200);

    // The limit edited: 3 GB.
    await teamARow.getByRole('button', { name: 'Edit Team A' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit sub-user Team A' });
    await expect(dialog.getByLabel('Traffic limit, GB')).toHaveValue('2');
    await dialog.getByLabel('Traffic limit, GB').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(teamARow).toContainText(/of 3 GB/);
    expect((await subUsersOf(caller, pkg.id))[0]?.traffic_limit_bytes).toBe(3 * 1024 ** 3);

    // Scraper deleted after its confirmation.
    await subUserRow(section, 'Scraper').getByRole('button', { name: 'Delete Scraper' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete sub-user' });
    await expect(dialog).toContainText(`Delete Scraper (${scraper!.login})?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(subUserRow(section, 'Scraper')).toHaveCount(0);
    expect((await subUsersOf(caller, pkg.id)).map((each) => each.name)).toEqual(['Team A']);
    await expectNoSeriousA11yViolations(page, { include: '.sub-users' });

    // The statistics page splits the package's traffic by sub-user once the gateway flushed it.
    await page.goto(`/orders/statistics/${pkg.package_key}/all`);
    const bySubUser = page.getByRole('region', { name: 'By sub-user' });
    await expect(async () => {
      await page.reload();
      await expect(bySubUser.getByRole('row').filter({ hasText: teamA!.login })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(bySubUser.getByRole('row').filter({ hasText: teamA!.login })).toContainText(
      'Team A',
    );
    await checkPolicy('no CSP violation on the packages and statistics pages');

    // The server refuses a name the package already has, under the name field. (Last: the
    // browser logs the 422 as a console error, which the policy check would count.)
    await page.goto('/cabinet/packages');
    const again = (await openPanel(page, base.title)).getByRole('region', { name: 'Sub-users' });
    await again.getByRole('button', { name: 'Add sub-user' }).click();
    dialog = page.getByRole('dialog', { name: 'New sub-user' });
    await dialog.getByLabel('Name').fill('Team A');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText('This package already has a sub-user of this name.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await subUsersOf(caller, pkg.id)).toHaveLength(1);
  });

  test('at 390 px and in Russian: the sub-users are cards, created, switched and deleted', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const { user, caller, pkg } = await customerWithBase(api);
    const checkPolicy = await watchContentSecurityPolicy(page);
    await page.context().addCookies([
      { name: 'ACCESS_TOKEN', value: user.token, url: BASE_URL },
      { name: 'i18next', value: 'ru', url: BASE_URL },
    ]);
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ru'));
    await page.goto('/cabinet/packages');
    const panel = await openPanel(page, 'Базовый 5 ГБ', { show: 'Подробнее', hide: 'Скрыть' });
    const section = panel.getByRole('region', { name: 'Субпользователи' });
    await expect(section.getByText(/Субпользователей пока нет/)).toBeVisible();

    await section.getByRole('button', { name: 'Добавить субпользователя' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый субпользователь' });
    await dialog.getByLabel('Имя').fill('Команда Б');
    await dialog.getByLabel('Лимит трафика, ГБ').fill('1,5');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Субпользователь Команда Б создан.')).toBeVisible();

    const [created] = await subUsersOf(caller, pkg.id);
    expect(created).toMatchObject({ traffic_limit_bytes: 1.5 * 1024 ** 3 });
    const row = subUserRow(section, 'Команда Б');
    // A card: each value under its column's name, the page no wider than the phone.
    await expect(row).toContainText(created!.login);
    await expect(row).toContainText('0 Б из 1,5 ГБ');
    await expect(row).toContainText('Активен');
    await expect(row.getByRole('cell').first()).toHaveAttribute('data-label', 'Имя');
    expect(await fitsWidth(page)).toBe(true);

    const toggle = row.getByRole('switch', { name: 'Команда Б включён' });
    await toggle.click();
    await expect(row).toContainText('Выключен');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(row).toContainText('Активен');

    await row.getByRole('button', { name: 'Новый пароль для Команда Б' }).click();
    const password = page.getByRole('dialog', { name: 'Новый пароль для Команда Б' });
    await password.getByRole('button', { name: 'Задать новый пароль' }).click();
    await expect(password).toBeHidden();
    const [renewed] = await subUsersOf(caller, pkg.id);
    expect(renewed?.password).not.toBe(created!.password);
    await expect(row).toContainText(renewed!.password);

    await row.getByRole('button', { name: 'Удалить Команда Б' }).click();
    const remove = page.getByRole('dialog', { name: 'Удалить субпользователя' });
    await remove.getByRole('button', { name: 'Удалить' }).click();
    await expect(section.getByText(/Субпользователей пока нет/)).toBeVisible();
    expect(await subUsersOf(caller, pkg.id)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await checkPolicy('no CSP violation at 390 px in Russian');
  });
});
