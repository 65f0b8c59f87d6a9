import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { parseProxyUsername } from '../../apps/gateway/src/auth/targeting.ts';
import { BASE_URL, E2E_GATEWAY } from '../playwright.config.ts';
import {
  apiAs,
  expand,
  expect,
  listPackages,
  refreshUntilActive,
  signedIn,
  test,
  wideClipboardPage,
} from '../fixtures.ts';

const run = promisify(execFile);

/** Where the demo sends its checks: the cabinet's own echo of the caller's address. */
const CHECK_URL = `${BASE_URL}/api/ip`;

type DemoExit = { address: string; country: string; city: string };
type DemoInventory = { exits: DemoExit[] };

/** The demo inventory the server seeded on its empty database. */
const demoExits = (
  JSON.parse(
    readFileSync(
      new URL('../../apps/api/src/db/seed/demo-inventory.json', import.meta.url),
      'utf8',
    ),
  ) as DemoInventory
).exits;

const addressesOf = (matches: (exit: DemoExit) => boolean) =>
  demoExits.filter(matches).map((exit) => exit.address);

/**
 * Any of the demo's direct exits (127.0.0.11 and up): never 127.0.0.1, where a request that
 * bypassed the proxy would come from.
 */
const ANY_DEMO_EXIT = addressesOf(() => true);

/**
 * What the destination may see through a proxy username: the demo exits of its country (and
 * city) when it targets one, else `untargeted`.
 */
const exitsFor = (username: string, untargeted: string[]): string[] => {
  const targeting = parseProxyUsername(username);
  expect(targeting, `the gateway accepts ${username}`).not.toBeNull();
  const { country, city } = targeting!;
  if (!country) return untargeted;
  const addresses = addressesOf(
    (exit) => exit.country === country.toUpperCase() && (city === null || exit.city === city),
  );
  expect(addresses, `the demo has an exit for ${username}`).not.toEqual([]);
  return addresses;
};

type CurlResult = { code: number; stdout: string; stderr: string };

/**
 * Runs the system curl with `args` (the proxy options as the cabinet prints them) and a few
 * options of our own: quiet but with errors, bounded in time, and no proxy settings from the
 * environment (a NO_PROXY covering 127.0.0.1 would bypass `-x`).
 */
const curl = async (...args: string[]): Promise<CurlResult> => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/_proxy$/i.test(name)),
  );
  try {
    const { stdout, stderr } = await run('curl', ['-sS', '--max-time', '10', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
};

/**
 * Fetches the check URL (the API tools examples' own) with `proxyArgs` until it answers (the
 * gateway starts beside the API and loads a new package from its notification) and expects the
 * address the destination saw to be one of `expected`; answers it.
 */
const expectExit = async (proxyArgs: string[], expected: string[]) => {
  let ip = '';
  await expect(async () => {
    const result = await curl(...proxyArgs, CHECK_URL);
    expect(result.code, `curl ${proxyArgs.join(' ')}: ${result.stderr}`).toBe(0);
    ip = (JSON.parse(result.stdout) as { ip: string }).ip;
  }).toPass({ timeout: 20_000 });
  expect(expected, `${proxyArgs.join(' ')} left from ${ip}`).toContain(ip);
  return ip;
};

/** The words of a command as a POSIX shell reads them: plain words and single-quoted parts. */
const shellWords = (command: string): string[] => {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i += 1) {
    const char = command[i]!;
    if (char === "'") {
      const end = command.indexOf("'", i + 1);
      expect(end, command).toBeGreaterThan(i);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (char === '\\') {
      word = (word ?? '') + (command[i + 1] ?? '');
      i += 1;
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + char;
  }
  if (word !== null) words.push(word);
  return words;
};

/** A `-x` proxy URL's username, decoded. */
const usernameOf = (proxyUrl: string) => decodeURIComponent(new URL(proxyUrl).username);

/** The value of a field of the API tools page. */
const toolsField = (tools: Page, label: string) => tools.getByLabel(label, { exact: true });

/**
 * Runs each curl example of an API tools page as printed (with `--max-time` and the like
 * added), then its HTTP proxy URL through a tunnel; each must leave from an exit its username
 * targets, else from `untargeted`. Answers the examples' keys.
 */
const runApiToolsExamples = async (tools: Page, untargeted: string[]) => {
  const examples = tools.getByTestId('curl-example');
  await expect(examples.first()).toBeVisible();
  const keys: string[] = [];
  for (const example of await examples.all()) {
    const command = (await example.locator('code').innerText()).trim();
    const [program, option, proxy, url, ...rest] = shellWords(command);
    expect([program, option, url, rest], command).toEqual(['curl', '-x', CHECK_URL, []]);
    await expectExit(['-x', proxy!], exitsFor(usernameOf(proxy!), untargeted));
    keys.push((await example.getAttribute('data-example')) ?? '');
  }
  // The HTTP proxy URL carries HTTPS through CONNECT: a tunnel to the check URL proves it.
  const proxyUrl = (
    await toolsField(tools, 'HTTP proxy URL (HTTP and HTTPS sites)').innerText()
  ).trim();
  await expectExit(['--proxytunnel', '-x', proxyUrl], untargeted);
  return keys;
};

/** Opens the panel's API Tool link (a new tab) and answers the page. */
const openApiTools = async (context: BrowserContext, panel: Locator) => {
  const [tools] = await Promise.all([
    context.waitForEvent('page'),
    panel.getByRole('link', { name: /^API Tool/ }).click(),
  ]);
  await expect(tools).toHaveURL(/\/cabinet\/dynamic\/api-tools\/[^/]+$/);
  return tools;
};

type Credentials = { host: string; port: string; login: string; password: string };

/** The panel's copy fields as the customer reads them. */
const credentialsOf = async (panel: Locator): Promise<Credentials> => {
  const value = async (label: string) =>
    (await panel.getByLabel(label, { exact: true }).innerText()).trim();
  return {
    host: await value('Host'),
    port: await value('HTTP port'),
    login: await value('Login'),
    password: await value('Password'),
  };
};

/** curl's options for an HTTP proxy at `host:port` with a login and password, as given. */
const httpProxy = (host: string, port: string, login: string, password: string) => [
  '--proxy',
  `http://${host}:${port}`,
  '--proxy-user',
  `${login}:${password}`,
];

/** A line `host:port:login:password` (list, generator format 0), split. */
const lineParts = (line: string) => {
  const match = /^([^:]+):(\d+):([^:]+):([^:]+)$/.exec(line);
  expect(match, line).not.toBeNull();
  const [, host, port, login, password] = match!;
  return { host: host!, port: port!, login: login!, password: password! };
};

/** Chooses the option of a select whose text matches `text` (it must be enabled). */
const chooseOption = async (select: Locator, text: RegExp) => {
  const option = select.locator('option', { hasText: text });
  await expect(option).toBeEnabled();
  await select.selectOption(await option.getAttribute('value'));
};

/** The lines of a read-only textarea, once it has some. */
const linesOf = async (area: Locator) => {
  await expect(area).not.toHaveValue('');
  return (await area.inputValue()).split('\n').filter(Boolean);
};

test.describe('inventory: what is sold carries traffic', () => {
  test.use(wideClipboardPage);

  test('on a fresh database, a new customer buys one package of each family and uses each with curl as the cabinet prints it', async ({
    page,
    context,
    api,
    request,
  }) => {
    test.setTimeout(240_000);
    const user = await signedIn(page, api, { credit: '1000' });
    const buy = async (tariff: string) => {
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      await expect(page).toHaveURL(/\/cabinet\/packages$/);
      await expect(page.getByRole('cell', { name: tariff }).first()).toBeVisible();
    };

    // One package of each family through the buy flow.
    await page.goto('/cabinet/buy/dynamic-pools/base');
    await page.getByRole('button', { name: /Base 5 GB/ }).click();
    await buy('Base 5 GB');
    await page.goto('/cabinet/buy/dynamic-pools/premium');
    await page.getByRole('button', { name: /Premium 1 GB/ }).click();
    await buy('Premium 1 GB');
    await page.goto('/cabinet/buy/dynamic-pools/unlimited');
    await page.getByRole('radio', { name: '1 day' }).check();
    await page.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '100 Mbps' });
    const location = page.getByRole('combobox', { name: 'Server location' });
    await expect(location.locator('option', { hasText: 'Netherlands, Amsterdam' })).toBeEnabled();
    await location.selectOption({ label: 'Netherlands, Amsterdam' });
    await buy('Unlimited 100 Mbps, 1 day');
    await page.goto('/cabinet/buy/isp');
    await page.getByRole('radio', { name: 'Login and password' }).check();
    await page.getByRole('radio', { name: '30 days' }).check();
    await chooseOption(page.getByRole('combobox', { name: '3. Country' }), /^United States \(/);
    await chooseOption(page.getByRole('combobox', { name: '4. Number of IPs' }), /^5 IPs /);
    await page.getByRole('radio', { name: 'HTTP(S)' }).check();
    await buy('5 IPs');
    await refreshUntilActive(page, 4);

    // Base: the panel's credentials leave from some exit of the pool.
    let panel = await expand(page, 'Base 5 GB');
    const base = await credentialsOf(panel);
    expect(base.host).toBe(E2E_GATEWAY.host);
    expect(base.port).toBe(String(E2E_GATEWAY.httpPort));
    await expectExit(httpProxy(base.host, base.port, base.login, base.password), ANY_DEMO_EXIT);
    // Its API tools page: every example as printed, the targeted ones from their place.
    let tools = await openApiTools(context, panel);
    expect(await runApiToolsExamples(tools, ANY_DEMO_EXIT)).toEqual([
      'plain',
      'country',
      'city',
      'session',
      'country_session',
      'city_session',
      'socks5',
    ]);
    await tools.close();

    // Proxy lists of the Base package made in the UI: one for Germany with a login, whose lines
    // leave from German exits; one for the Netherlands authorised by this machine's address,
    // whose lines are ports of the list's own.
    await panel.getByRole('link', { name: 'Proxy lists' }).click();
    await page
      .getByRole('dialog', { name: 'No proxy lists yet' })
      .getByRole('button', { name: 'Create list' })
      .click();
    const listLines = async (
      name: string,
      country: string,
      whiteList?: string,
    ): Promise<string[]> => {
      const form = page.getByRole('dialog', { name: 'Create a proxy list' });
      await form.getByLabel('List name').fill(name);
      await form.getByRole('combobox', { name: 'Location preset' }).selectOption('custom');
      await form.getByRole('checkbox', { name: country }).check();
      if (whiteList) {
        await form.getByRole('radio', { name: 'IP list' }).check();
        await form.getByLabel('Allowed IP addresses').fill(whiteList);
      }
      await form.getByLabel('Number of ports').fill('2');
      await form.getByRole('button', { name: 'Create list' }).click();
      const view = page.getByRole('dialog', { name: `Proxy list ${name}` });
      const lines = await linesOf(view.getByRole('textbox', { name: /^Proxies/ }));
      expect(lines).toHaveLength(2);
      await view.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(/\/cabinet\/packages$/);
      return lines;
    };
    const german = addressesOf((exit) => exit.country === 'DE');
    for (const line of await listLines('Germany', 'Germany')) {
      const { host, port, login, password } = lineParts(line);
      await expectExit(httpProxy(host, port, login, password), german);
    }
    panel = await expand(page, 'Base 5 GB');
    await panel.getByRole('link', { name: 'Proxy lists' }).click();
    await page
      .getByRole('dialog', { name: /^Proxy lists of package #\d+$/ })
      .getByRole('button', { name: 'Create list' })
      .click();
    const dutch = addressesOf((exit) => exit.country === 'NL');
    const { first, last } = E2E_GATEWAY.listPorts;
    for (const line of await listLines('Netherlands', 'Netherlands', '127.0.0.1')) {
      const match = /^([^:]+):(\d+)$/.exec(line);
      expect(match, line).not.toBeNull();
      const [, host, port] = match!;
      expect(Number(port)).toBeGreaterThanOrEqual(first);
      expect(Number(port)).toBeLessThanOrEqual(last);
      await expectExit(['--proxy', `http://${host}:${port}`], dutch);
    }

    // Premium: the panel's credentials, its API tools page, then generator lines for Berlin
    // (HTTP) and for the United States (SOCKS5).
    panel = await expand(page, 'Premium 1 GB');
    const premium = await credentialsOf(panel);
    await expectExit(
      httpProxy(premium.host, premium.port, premium.login, premium.password),
      ANY_DEMO_EXIT,
    );
    tools = await openApiTools(context, panel);
    expect(await runApiToolsExamples(tools, ANY_DEMO_EXIT)).toContain('city');
    await tools.close();
    await panel.getByRole('link', { name: 'Proxy generator' }).click();
    const generator = page.getByRole('dialog', { name: /^Proxy generator, package #\d+$/ });
    const generate = async (protocol: 'HTTP' | 'SOCKS5', country: string, city?: string) => {
      await generator.getByRole('radio', { name: protocol }).check();
      await generator.getByRole('radio', { name: /^Rotating/ }).check();
      const countries = generator.getByRole('list', { name: 'Countries' });
      for (const box of await countries.getByRole('checkbox', { checked: true }).all())
        await box.uncheck();
      await countries.getByRole('checkbox', { name: country }).check();
      if (city)
        await generator
          .getByRole('list', { name: 'Cities' })
          .getByRole('checkbox', { name: city })
          .check();
      await generator.getByLabel('Number of proxies').fill('3');
      await generator.getByRole('radio', { name: 'IP:PORT:USER:PASS' }).check();
      await generator.getByRole('button', { name: 'Generate' }).click();
      return linesOf(generator.getByLabel('Generated proxies (3)'));
    };
    const berlin = addressesOf((exit) => exit.city === 'berlin');
    for (const line of await generate('HTTP', 'Germany', 'Berlin')) {
      const { host, port, login, password } = lineParts(line);
      await expectExit(httpProxy(host, port, login, password), berlin);
    }
    const american = addressesOf((exit) => exit.country === 'US');
    for (const line of await generate('SOCKS5', 'United States')) {
      const { host, port, login, password } = lineParts(line);
      expect(port).toBe(String(E2E_GATEWAY.socksPort));
      await expectExit(
        ['--proxy', `socks5h://${host}:${port}`, '--proxy-user', `${login}:${password}`],
        american,
      );
    }
    await generator.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/cabinet\/packages$/);

    // Unlimited: everything leaves from its location's exit, untargeted.
    const amsterdam = addressesOf((exit) => exit.city === 'amsterdam');
    panel = await expand(page, 'Unlimited 100 Mbps, 1 day');
    const unlim = await credentialsOf(panel);
    await expectExit(httpProxy(unlim.host, unlim.port, unlim.login, unlim.password), amsterdam);
    tools = await openApiTools(context, panel);
    expect(await runApiToolsExamples(tools, amsterdam)).toEqual(['plain', 'session', 'socks5']);
    await tools.close();

    // ISP bought for HTTP(S): no SOCKS5 port in its panel; each line of its IP list leaves from
    // the line's own address; the gateway's host with its login from one of them.
    panel = await expand(page, '5 IPs');
    await expect(panel.getByText('HTTP(S)', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('HTTP port', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('SOCKS5 port', { exact: true })).toHaveCount(0);
    const isp = await credentialsOf(panel);
    await panel.getByRole('link', { name: 'IP list' }).click();
    const ipList = page.getByRole('dialog', { name: /^IP list of package #\d+$/ });
    const ispLines = await linesOf(ipList.getByRole('textbox', { name: /^IP addresses/ }));
    expect(ispLines).toHaveLength(5);
    const ispAddresses: string[] = [];
    for (const line of ispLines) {
      const { host, port, login, password } = lineParts(line);
      expect(host).toMatch(/^127\.0\.1\.\d{1,3}$/);
      expect([port, login, password]).toEqual([isp.port, isp.login, isp.password]);
      await expectExit(httpProxy(host, port, login, password), [host]);
      ispAddresses.push(host);
    }
    await ipList.getByRole('button', { name: 'Close' }).click();
    await expectExit(httpProxy(isp.host, isp.port, isp.login, isp.password), ispAddresses);

    // Its API tools page (the panel links none; its address is the package key's): no SOCKS5
    // port, URL or example, and the examples it prints leave from the package's addresses.
    const caller = apiAs(request, user.token);
    const ispRow = (await listPackages(caller)).find((row) => row.type === 'isp')!;
    tools = await context.newPage();
    await tools.goto(`/cabinet/dynamic/api-tools/${encodeURIComponent(ispRow.package_key)}`);
    await expect(toolsField(tools, 'Port (HTTP/HTTPS)')).toHaveText(isp.port);
    await expect(toolsField(tools, 'Port (SOCKS5)')).toHaveCount(0);
    await expect(toolsField(tools, 'SOCKS5 proxy URL')).toHaveCount(0);
    expect(await runApiToolsExamples(tools, ispAddresses)).toEqual(['plain', 'session']);
    await tools.close();

    // SOCKS5 with its credentials is refused as the protocol not bought: curl's error 97 with
    // the reply 0x02 ("connection not allowed by ruleset"), on the line's own address and on the
    // gateway's host; a wrong password is refused as such, so the two are told apart.
    const socks = (host: string, password: string) =>
      curl(
        '--socks5',
        `${host}:${E2E_GATEWAY.socksPort}`,
        '--proxy-user',
        `${isp.login}:${password}`,
        CHECK_URL,
      );
    for (const host of [ispAddresses[0]!, E2E_GATEWAY.host]) {
      await expect
        .poll(async () => {
          const { code, stderr } = await socks(host, isp.password);
          return `${code} ${stderr.trim()}`;
        })
        .toMatch(/^97 curl: \(97\) Can't complete SOCKS5 connection to [^ ]+\. \(2\)$/);
    }
    const wrongPassword = await socks(E2E_GATEWAY.host, `${isp.password}x`);
    expect(`${wrongPassword.code} ${wrongPassword.stderr.trim()}`).toMatch(
      /^97 curl: \(97\) User was rejected by the SOCKS5 server/,
    );
  });
});
