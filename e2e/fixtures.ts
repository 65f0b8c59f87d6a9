import {
  test as base,
  expect,
  type APIRequestContext,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { E2E_DATA_DIR } from './playwright.config.ts';

const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A node script of the repository (`script` relative to its root) against the e2e server's
 * embedded cluster (it attaches to the running one); answers what it printed.
 */
export const runScript = async (script: string, ...args: string[]) => {
  const { stdout } = await run('node', [script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'warn' },
  });
  return stdout;
};

/** The operator CLI against the e2e server's embedded cluster. */
export const admin = (...args: string[]) => runScript('apps/api/src/cli/admin.ts', ...args);

/** Exits a journey added (`addExit`), removed again by `removeAddedExits`. */
const addedExits: string[] = [];

/**
 * Adds a gateway exit for one journey (a country, a city: what the forms offer). The journey
 * calls `removeAddedExits` in afterAll: later journeys of the run (the API tools examples) see
 * the exits as they were.
 */
export const addExit = async (name: string, ...options: string[]) => {
  await admin('exits:add', name, ...options);
  addedExits.push(name);
};

export const removeAddedExits = async () => {
  for (const name of addedExits.splice(0)) await admin('exits:remove', name);
};

export type TestUser = { name: string; email: string; password: string };
/** A user the API registered: with the bearer token of their session. */
export type RegisteredUser = TestUser & { token: string };

export const newUser = (): TestUser => {
  const id = randomBytes(5).toString('hex');
  return { name: `tester_${id}`, email: `e2e-${id}@example.com`, password: `Pass-${id}-word` };
};

/** Decodes a quoted-printable body, as mail clients do. */
const decodeQuotedPrintable = (text: string): string =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Waits for the newest .eml sent to `email` whose text matches `pattern`, returns the first match. */
export const findMailLink = async (
  email: string,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> => {
  const dir = join(E2E_DATA_DIR, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()) {
      const raw = decodeQuotedPrintable(await readFile(join(dir, file), 'utf8'));
      if (!raw.toLowerCase().includes(`to: ${email}`.toLowerCase())) continue;
      const match = raw.match(pattern);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${email} matching ${pattern} within ${timeoutMs} ms`);
};

/**
 * Fails on any serious or critical axe-core violation of the current page (or of the part
 * `include` names, without the part `exclude` names; only `rules` when given).
 */
export const expectNoSeriousA11yViolations = async (
  page: Page,
  scope: { include?: string; exclude?: string; rules?: string[] } = {},
) => {
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  if (scope.rules) builder = builder.withRules(scope.rules);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
};

/** Where the init script keeps the violations of the current document. */
type WatchedWindow = Window & { cspViolations?: string[] };

/**
 * Collects every sign of the CSP biting: `securitypolicyviolation` events (recorded by an init
 * script, which the page's CSP does not apply to), reports posted to /api/csp-report, console
 * errors and uncaught page errors (a blocked Trusted Types sink throws). Returns the check that
 * none happened so far in the current document.
 */
export const watchContentSecurityPolicy = async (page: Page) => {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ((window as WatchedWindow).cspViolations ??= []).push(
        `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      );
    });
  });
  page.on('request', (request) => {
    if (request.url().includes('/api/csp-report'))
      problems.push(`report: ${request.postData() ?? ''}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return async (label: string) => {
    const events = await page.evaluate(() => (window as WatchedWindow).cspViolations ?? []);
    expect([...events, ...problems], label).toEqual([]);
  };
};

/** Fills in and submits the register form of the current page. */
export const submitRegisterForm = async (page: Page, user: TestUser) => {
  await page.getByLabel('Nickname').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
};

/** Fills in and submits the login form of the current page. */
export const submitLogInForm = async (page: Page, user: TestUser) => {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
};

/** Logs in through the form and waits for the cabinet. */
export const logIn = async (page: Page, user: TestUser) => {
  await page.goto('/login');
  await submitLogInForm(page, user);
  await expect(page).toHaveURL(/\/cabinet/);
};

/**
 * A new verified user (with `credit` dollars on the balance when given), logged in through the
 * form, then on the page `at` when given.
 */
export const signedIn = async (
  page: Page,
  api: Api,
  options: { credit?: string; at?: string } = {},
) => {
  const user = await api.registerVerified(newUser());
  if (options.credit) await admin('balance:credit', user.email, options.credit);
  await logIn(page, user);
  if (options.at) await page.goto(options.at);
  return user;
};

export type Json = Record<string, unknown>;

/**
 * A signed-in API caller of one user: GET and POST with their bearer token, JSON answers;
 * `postOk` is a POST that must succeed.
 */
export const apiAs = (request: APIRequestContext, token: string) => {
  const headers = { authorization: `Bearer ${token}` };
  const post = (path: string, data: Json) => request.post(`/api${path}`, { headers, data });
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await request.get(`/api${path}`, { headers });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    },
    post,
    postOk: async (path: string, data: Json) => {
      const res = await post(path, data);
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    },
  };
};

export type Caller = ReturnType<typeof apiAs>;

type Tariff = { id: number; title: string };

/** Buys the Base 5 GB dynamic package (row type dynamic) through the API; answers its tariff. */
export const buyBase = async (api: Caller): Promise<Tariff> => {
  const dynamic = (await api.get<{ data: Tariff[] }>('/tariffs?type=1')).data;
  const base = dynamic.find((t) => t.title === 'Base 5 GB') ?? dynamic[0]!;
  await api.postOk('/tariff/buy', { tariff_id: base.id });
  return base;
};

/** Buys the smallest Premium package (row type vip) through the API; answers its tariff. */
export const buyPremium = async (api: Caller): Promise<Tariff> => {
  const premium = (await api.get<{ data: Tariff[] }>('/tariffs?type=4')).data[0]!;
  await api.postOk('/tariff/buy', { tariff_id: premium.id });
  return premium;
};

/**
 * Buys 30 days of the smallest ISP tariff in a country with more than 5 free addresses (so
 * the pool keeps addresses for a swap); answers its tariff.
 */
export const buyIsp = async (api: Caller): Promise<Tariff> => {
  const countries = (await api.get<{ data: { id: number; count: number }[] }>('/isp/countries'))
    .data;
  const country = countries.find((c) => c.count > 5)!;
  const tariffs = (
    await api.get<{ data: (Tariff & { ports: number })[] }>(`/isp/countries/${country.id}/tariffs`)
  ).data
    .filter((t) => t.ports < country.count)
    .sort((a, b) => a.ports - b.ports);
  const isp = tariffs[0]!;
  await api.postOk('/tariff/buy-isp', { country_id: country.id, period: 30, tariff_id: isp.id });
  return isp;
};

/** Buys one package of each family through the API, as the buy flow does. */
export const buyOneOfEach = async (api: Caller) => {
  const base = await buyBase(api);
  const premium = await buyPremium(api);

  // Unlimited: the cheapest tariff longer than a day (those have auto-renewal), on a location
  // that serves its speed.
  const unlimTariffs = (
    await api.get<{ data: { id: number; title: string; duration_days: number; price: number }[] }>(
      '/unlim/tariffs',
    )
  ).data
    .filter((t) => t.duration_days > 1)
    .sort((a, b) => a.price - b.price);
  const locations = (await api.get<{ data: { id: number }[] }>('/unlim/locations')).data;
  let unlim: { id: number; title: string } | undefined;
  for (const tariff of unlimTariffs) {
    for (const location of locations) {
      const res = await api.post('/tariff/buy-unlim', {
        tariff_id: tariff.id,
        location_id: location.id,
      });
      if (res.status() === 200) {
        unlim = tariff;
        break;
      }
    }
    if (unlim) break;
  }
  expect(unlim).toBeDefined();

  const isp = await buyIsp(api);
  return { base: base.title, premium: premium.title, unlim: unlim!.title, isp: isp.title };
};

export type PackageRow = {
  id: number;
  type: string;
  status: string;
  tariff_name: string;
  package_key: string;
};

/** The user's packages (their rows on /cabinet/packages). */
export const listPackages = async (api: Caller) =>
  (await api.get<{ packages: { data: PackageRow[] } }>('/packages')).packages.data;

/** Provisioning takes a moment: refreshes the packages table until `count` rows are active. */
export const refreshUntilActive = async (page: Page, count: number) => {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await expect(page.getByRole('cell', { name: 'Active' })).toHaveCount(count, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
};

/**
 * A phone's viewport (iPhone 12-14 class): below the 768 px table breakpoint and the 1092 px
 * menu one.
 */
export const PHONE = { width: 390, height: 844 };

/**
 * The packages journeys' browser (`test.use(wideClipboardPage)`): a desktop-wide page that may
 * read what the copy buttons wrote.
 */
export const wideClipboardPage = {
  viewport: { width: 1400, height: 1000 },
  permissions: ['clipboard-read', 'clipboard-write'],
};

/** The packages table's row of a tariff. */
export const rowOf = (page: Page, tariff: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: tariff, exact: true }) });

/** Opens the row's panel and answers the details row under it. */
export const expand = async (page: Page, tariff: string): Promise<Locator> => {
  const row = rowOf(page, tariff);
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(row.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
  const id = await row.getByRole('button', { name: 'Hide' }).getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`);
};

/** The text of a file the page downloaded. */
export const downloadedText = async (download: Download) =>
  Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]).toString('utf8');

/**
 * The statistics report form (on the page or in a dialog: `form`): its `button` waits for a
 * period and a format; answers the text of the csv it then downloads.
 */
export const downloadReportCsv = async (
  form: Page | Locator,
  button: Locator,
  period: 'daily' | 'weekly' | 'monthly',
) => {
  await expect(button).toBeDisabled();
  await form.getByLabel('Report period').selectOption(period);
  await expect(button).toBeDisabled();
  await form.getByLabel('Format').selectOption('csv');
  const [file] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toBe(`statistics-${period}.csv`);
  return downloadedText(file);
};

/**
 * The browser's return from Google sign-in, as the API's callback redirects it: with the token of
 * the new session, or without one (the sign-in failed).
 */
export const returnFromGoogle = (page: Page, token?: string) =>
  page.goto(
    token === undefined
      ? '/auth/google/callback'
      : `/auth/google/callback?token=${encodeURIComponent(token)}`,
  );

export const VERIFY_LINK = /http:\/\/[^\s"<>]+\/api\/email\/verify\/confirm\?[^\s"<>]+/;

export type Api = {
  /** Registers through the API (the user stays unverified), invited by `ref` when given. */
  register: (user: TestUser, ref?: string) => Promise<RegisteredUser>;
  /** Registers and opens the mailed verification link, as the user would. */
  registerVerified: (user: TestUser, ref?: string) => Promise<RegisteredUser>;
  /** A new verified user with `credit` dollars on the balance, and their API caller. */
  customer: (credit: string) => Promise<{ user: RegisteredUser; caller: Caller }>;
};

export const test = base.extend<{ api: Api }>({
  api: async ({ request }, use) => {
    const register = async (user: TestUser, ref?: string) => {
      const res = await request.post('/api/register', {
        data: { ...user, password_confirmation: user.password, terms_checkbox: true, ref },
      });
      expect(res.status()).toBe(201);
      const body = (await res.json()) as { token: string };
      return { ...user, token: body.token };
    };
    const registerVerified = async (user: TestUser, ref?: string) => {
      const registered = await register(user, ref);
      const link = await findMailLink(user.email, VERIFY_LINK);
      const res = await request.get(link, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()['location']).toContain('successEmailVerify=true');
      return registered;
    };
    await use({
      register,
      registerVerified,
      customer: async (credit) => {
        const user = await registerVerified(newUser());
        await admin('balance:credit', user.email, credit);
        return { user, caller: apiAs(request, user.token) };
      },
    });
  },
});

export { expect };
