import type { Page, TestInfo } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import {
  buyOneOfEach,
  expect,
  listPackages,
  PHONE,
  runScript,
  test,
  type Api,
  type PackageRow,
} from '../fixtures.ts';

/** The two widths every cabinet page is checked at: a common laptop and a phone. */
const WIDTHS = [
  { name: '1366 px', viewport: { width: 1366, height: 768 } },
  { name: '390 px', viewport: PHONE },
] as const;
const LANGUAGES = ['en', 'ru'] as const;

/** The customer every page is looked at by: one package of each family, usage and a list. */
type Customer = {
  token: string;
  dynamic: PackageRow;
  premium: PackageRow;
  isp: PackageRow;
  unlim: PackageRow;
  premiumUuid: string;
  listId: number;
};

const setUpCustomer = async (api: Api): Promise<Customer> => {
  const { user, caller } = await api.customer('5000');
  await buyOneOfEach(caller);
  // Provisioning takes a moment: the panels show their content once every package is active.
  await expect(async () => {
    const rows = await listPackages(caller);
    expect(rows.map((row) => row.status)).toEqual(['active', 'active', 'active', 'active']);
  }).toPass({ timeout: 30_000 });
  const rows = await listPackages(caller);
  const of = (type: string) => rows.find((row) => row.type === type)!;
  const dynamic = of('dynamic');
  // A few megabytes used: the traffic meter and the statistics show amounts, not only zeros.
  await runScript(
    'apps/api/test/meter-usage.cli.ts',
    dynamic.package_key,
    '2',
    '700000',
    '4200000',
  );
  const created = await caller.post(`/packages/${dynamic.id}/proxy-lists`, {
    name: 'Shop1',
    proxy_link_format: 'ip',
    auth_type: 0,
    location_preset: 'world-mix',
    rotation_period: 0,
    proxy_format: 0,
    ports_count: 3,
  });
  expect(created.status()).toBe(200);
  const { list_id: listId } = (await created.json()) as { list_id: number };
  const premium = of('vip');
  const premiumUuid = (await caller.get<{ data: { uuid: string } }>(`/packages/vip/${premium.id}`))
    .data.uuid;
  return {
    token: user.token,
    dynamic,
    premium,
    isp: of('isp'),
    unlim: of('unlim'),
    premiumUuid,
    listId,
  };
};

/** One customer for the whole file (the journeys run in one worker, one after another). */
let customer: Promise<Customer> | undefined;

/**
 * Opens the package row's panel, found by its id (the same in every language; on a phone the
 * cell's name starts with its column label).
 */
const expandPackage = async (page: Page, pkg: PackageRow) => {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: new RegExp(`(^|\\s)#${pkg.id}$`) }) });
  const toggle = row.locator('button[aria-expanded]');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(panel.locator('.package-panel')).toBeVisible();
  return panel;
};

const FAMILIES = ['dynamic', 'premium', 'isp', 'unlim'] as const;

type CabinetPage = {
  name: string;
  path: (c: Customer) => string;
  /** What to do once the page is there (open a panel, choose a tariff). */
  then?: (page: Page, c: Customer) => Promise<void>;
};

/** Every page of the cabinet (apps/web/src/app/router.tsx), with each package panel open. */
const PAGES: CabinetPage[] = [
  { name: 'overview', path: () => '/cabinet/overview' },
  { name: 'profile', path: () => '/cabinet/profile' },
  { name: 'email verification', path: () => '/cabinet/email/verification' },
  { name: 'buy: type', path: () => '/cabinet/buy/select-type' },
  { name: 'buy: dynamic pools', path: () => '/cabinet/buy/dynamic-pools' },
  { name: 'buy: base', path: () => '/cabinet/buy/dynamic-pools/base' },
  { name: 'buy: premium', path: () => '/cabinet/buy/dynamic-pools/premium' },
  { name: 'buy: unlimited', path: () => '/cabinet/buy/dynamic-pools/unlimited' },
  { name: 'buy: ISP', path: () => '/cabinet/buy/isp' },
  {
    // The cart of a chosen tariff: its own page on a phone, beside the tariffs on a desktop.
    name: 'buy: cart',
    path: () => '/cabinet/buy/dynamic-pools/base',
    then: async (page) => {
      await page.locator('button[aria-pressed]').first().click();
      await page.goto('/cabinet/buy/cart');
    },
  },
  { name: 'top-up', path: () => '/cabinet/top-up' },
  { name: 'transactions', path: () => '/cabinet/transactions' },
  { name: 'referral', path: () => '/cabinet/referral' },
  { name: 'payment result', path: () => '/cabinet/payment?result=success' },
  { name: 'FAQ', path: () => '/cabinet/faq' },
  { name: 'legal', path: () => '/cabinet/legal' },
  { name: 'packages', path: () => '/cabinet/packages' },
  ...FAMILIES.map((family) => ({
    name: `packages: ${family} panel`,
    path: () => '/cabinet/packages',
    then: async (page: Page, c: Customer) => void (await expandPackage(page, c[family])),
  })),
  { name: 'proxy lists', path: (c) => `/cabinet/packages/dynamic/list/${c.dynamic.id}` },
  {
    name: 'proxy list',
    path: (c) => `/cabinet/packages/dynamic/view/${c.dynamic.id}/${c.listId}`,
  },
  { name: 'ISP list', path: (c) => `/cabinet/packages/isp/list/${c.isp.id}` },
  { name: 'generator', path: (c) => `/cabinet/packages/generator/${c.premium.id}` },
  { name: 'notification settings', path: () => '/cabinet/notifications' },
  {
    name: 'API tools',
    path: (c) => `/cabinet/dynamic/api-tools/${encodeURIComponent(c.dynamic.package_key)}`,
  },
  { name: 'API documentation', path: () => '/cabinet/api-documentation' },
  {
    name: 'statistics by key',
    path: (c) => `/orders/statistics/${encodeURIComponent(c.dynamic.package_key)}/all`,
  },
  { name: 'statistics by uuid', path: (c) => `/statistics/${c.premiumUuid}/all` },
];

/** The browser signed in as the customer (the session cookie the SPA writes), in `language`. */
const signIn = async (page: Page, c: Customer, language: (typeof LANGUAGES)[number]) => {
  await page.context().addCookies([
    { name: 'ACCESS_TOKEN', value: c.token, url: BASE_URL },
    { name: 'i18next', value: language, url: BASE_URL },
  ]);
  await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
};

/** Waits until the page has drawn its content: requests done, no loader or placeholder left. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').first()).toBeVisible();
  await expect(
    page.locator('.spinner, [aria-busy="true"], [class*="skeleton"]').locator('visible=true'),
  ).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
};

/**
 * How far the document runs past the viewport's right edge, and the elements that stick out
 * there: those whose own children all fit (the content that pushes), outside fixed layers and
 * outside scroll boxes that themselves fit.
 */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth + 0.5;
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.right > edge;
    };
    const isContained = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed') return true;
        if (node !== element && style.overflowX !== 'visible' && !sticksOut(node)) return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const classes = Array.from(element.classList, (name) => `.${name}`).join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${classes} "${text}" (right edge ${right} px)`;
    };
    const offenders = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => sticksOut(element) && !isContained(element))
      .filter((element) => !Array.from(element.children).some(sticksOut));
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      offenders: offenders.slice(0, 8).map(describe),
    };
  });

/** A full-page screenshot, attached to the test and kept in its output folder. */
const attachScreenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  const path = testInfo.outputPath(`${name.replace(/\W+/g, '-').replace(/-$/, '')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
};

test.describe('every cabinet page fits its width', () => {
  for (const language of LANGUAGES)
    for (const { name: widthName, viewport } of WIDTHS)
      test(`${language}, ${widthName}`, async ({ page, api }, testInfo) => {
        test.setTimeout(300_000);
        const c = await (customer ??= setUpCustomer(api));
        await page.setViewportSize(viewport);
        await signIn(page, c, language);
        for (const each of PAGES)
          await test.step(each.name, async () => {
            await page.goto(each.path(c));
            await settle(page);
            if (each.then) {
              await each.then(page, c);
              await settle(page);
            }
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            const label = `${each.name} (${language}, ${widthName})`;
            await attachScreenshot(page, testInfo, label);
            const { scrollWidth, clientWidth, offenders } = await horizontalOverflow(page);
            expect
              .soft(
                scrollWidth,
                `${label}: the page is ${scrollWidth} px wide in ${clientWidth} px; ` +
                  `sticking out: ${offenders.join('; ') || 'none found'}`,
              )
              .toBeLessThanOrEqual(clientWidth);
          });
      });
});

test('on a phone an open package panel keeps its labels and values on the left, in columns', async ({
  page,
  api,
}) => {
  const c = await (customer ??= setUpCustomer(api));
  await page.setViewportSize(PHONE);
  for (const language of LANGUAGES) {
    await signIn(page, c, language);
    await page.goto('/cabinet/packages');
    await settle(page);
    for (const family of FAMILIES) {
      const panel = await expandPackage(page, c[family]);
      await settle(page);
      // Where each label's and value's text starts, against the left of its own box.
      const indents = await panel.evaluate((root) =>
        Array.from(
          root.querySelectorAll(
            'dt, dd, .copy-field__label, .copy-field__value, .package-meter > span',
          ),
          (element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const style = getComputedStyle(element);
            const box = element.getBoundingClientRect();
            const start =
              box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
            return {
              text: (element.textContent ?? '').trim().slice(0, 30),
              indent: Math.round(range.getBoundingClientRect().left - start),
              left: Math.round(range.getBoundingClientRect().left),
              // The facts list a value belongs to (a panel may have more than one).
              list:
                element.tagName === 'DD'
                  ? Array.from(root.querySelectorAll('dl')).indexOf(element.closest('dl')!)
                  : null,
            };
          },
        ),
      );
      const label = `${family} panel (${language})`;
      expect(
        indents
          .filter(({ indent }) => indent > 1)
          .map(({ text, indent }) => `${text}: ${indent} px`),
        `${label}: texts pushed right`,
      ).toEqual([]);
      // The values of a facts list start in one column.
      const lists = new Set(indents.map(({ list }) => list).filter((list) => list !== null));
      for (const list of lists) {
        const columns = new Set(
          indents.filter((each) => each.list === list).map(({ left }) => left),
        );
        expect(columns.size, `${label}: value columns of facts list ${list}`).toBe(1);
      }
    }
  }
});

test('notification settings: event names on the left in normal weight, one column grid, tables as wide as their cards', async ({
  page,
  api,
}) => {
  const c = await (customer ??= setUpCustomer(api));
  for (const language of LANGUAGES)
    for (const { name: widthName, viewport } of WIDTHS) {
      await page.setViewportSize(viewport);
      await signIn(page, c, language);
      await page.goto('/cabinet/notifications');
      await settle(page);
      const label = `${language}, ${widthName}`;
      const tables = page.locator('main table');
      await expect(tables.first()).toBeVisible();
      const measured = await tables.evaluateAll((list) =>
        list.map((table) => {
          const card = table.closest('section')!;
          const cardStyle = getComputedStyle(card);
          const cardContent =
            card.clientWidth -
            parseFloat(cardStyle.paddingLeft) -
            parseFloat(cardStyle.paddingRight);
          const events = Array.from(table.querySelectorAll('tbody th'), (cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const style = getComputedStyle(cell);
            const start =
              cell.getBoundingClientRect().left +
              parseFloat(style.borderLeftWidth) +
              parseFloat(style.paddingLeft);
            return {
              text: (cell.textContent ?? '').trim(),
              indent: Math.round(range.getBoundingClientRect().left - start),
              weight: Number(style.fontWeight),
            };
          });
          const firstRow = table.querySelector('tbody tr')!;
          return {
            group: card.getAttribute('aria-label'),
            width: Math.round(table.getBoundingClientRect().width),
            cardContent: Math.round(cardContent),
            columns: Array.from(firstRow.children, (cell) =>
              Math.round(cell.getBoundingClientRect().width),
            ),
            events,
          };
        }),
      );
      for (const group of measured) {
        const where = `${group.group} (${label})`;
        expect
          .soft(group.width, `${where}: table width against its card's`)
          .toBe(group.cardContent);
        expect
          .soft(
            group.events
              .filter(({ indent, weight }) => indent > 1 || weight > 400)
              .map(({ text, indent, weight }) => `${text}: ${indent} px in, weight ${weight}`),
            `${where}: event names`,
          )
          .toEqual([]);
      }
      expect
        .soft(
          new Set(measured.map(({ columns }) => columns.join(' '))).size,
          `column widths of every group (${label}): ${measured.map(({ columns }) => columns.join('/')).join(', ')}`,
        )
        .toBe(1);
    }
});

test('the API tools page shows every value and example whole, the proxy URL named by its scheme', async ({
  page,
  api,
}) => {
  const c = await (customer ??= setUpCustomer(api));
  const proxyUrlLabel = {
    en: 'HTTP proxy URL (HTTP and HTTPS sites)',
    ru: 'URL HTTP-прокси (сайты HTTP и HTTPS)',
  };
  for (const language of LANGUAGES)
    for (const { name: widthName, viewport } of WIDTHS) {
      await page.setViewportSize(viewport);
      await signIn(page, c, language);
      await page.goto(`/cabinet/dynamic/api-tools/${encodeURIComponent(c.dynamic.package_key)}`);
      await settle(page);
      const label = `${language}, ${widthName}`;
      // A value cut by its box (a field too narrow, a box of two lines) is not whole.
      const cut = await page.locator('main').evaluate((main) =>
        Array.from(main.querySelectorAll('input, textarea, code, pre'))
          .filter((element) => getComputedStyle(element).display !== 'inline')
          .filter(
            (element) =>
              element.scrollWidth > element.clientWidth + 1 ||
              element.scrollHeight > element.clientHeight + 1,
          )
          .map((element) =>
            element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
              ? element.value
              : (element.textContent ?? ''),
          ),
      );
      expect.soft(cut, `values cut (${label})`).toEqual([]);
      // The URL is http:// (HTTPS sites go through it by CONNECT): its label says so.
      await expect
        .soft(page.getByLabel(proxyUrlLabel[language], { exact: true }), label)
        .toHaveText(/^http:\/\//, { timeout: 1000 });
    }
});
