import type { Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL } from '../playwright.config.ts';
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  newUser,
  logIn,
  submitRegisterForm,
} from '../fixtures.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every URL the page asks for, from the first document on. */
const recordRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
};
const originOf = (url: string) => (/^https?:/.test(url) ? new URL(url).origin : url.split(':')[0]);

/**
 * Waits until the page's idle-time loader (requestIdleCallback, 3 s at the latest) has read the
 * configuration at `configUrl` and the page has acted on it: the response is in the page (its
 * resource timing entry), then the page has had an idle moment, with nothing left to run.
 */
const settle = async (page: Page, configUrl: string) => {
  await page.waitForFunction((url) => performance.getEntriesByName(url).length > 0, configUrl);
  await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done())));
  await page.waitForLoadState('networkidle');
};

test.describe('analytics and live chat without configuration', () => {
  test('a whole journey sends no request to any origin but the cabinet', async ({ page, api }) => {
    const urls = recordRequests(page);
    const user = await api.registerVerified(newUser());
    const policy = await page.goto('/login');
    expect(policy?.headers()['content-security-policy']).not.toMatch(/https?:\/\//);
    await logIn(page, user);
    for (const item of ['Transactions', 'Top-up', 'Profile', 'FAQ'])
      await page.getByRole('navigation').getByRole('link', { name: item, exact: true }).click();
    await page.goto('/cabinet/packages');
    await settle(page, `${BASE_URL}/api/app/config`);

    // The SPA did ask its server what is configured, and then loaded nothing.
    expect(urls.some((url) => url === `${BASE_URL}/api/app/config`)).toBe(true);
    expect([...new Set(urls.map(originOf))]).toEqual([BASE_URL]);
    await expect(page.getByRole('region', { name: 'Analytics and chat' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /chat$/ })).toHaveCount(0);
  });
});

type ReceivedEvent = { contentType: string | undefined; body: Record<string, unknown> };

const readBody = (request: IncomingMessage) =>
  new Promise<string>((done, fail) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => done(text));
    request.on('error', fail);
  });

/**
 * A stand-in for a self-hosted Chatwoot's SDK: what the real one does to the host page — a
 * <style> filled through innerHTML, the widget framed from its origin, a bubble, the
 * `$chatwoot` API and the `chatwoot:ready` event — so the cabinet's loader, CSP and Trusted
 * Types policy meet the same DOM writes.
 */
const CHATWOOT_SDK = `
window.chatwootSDK = { run: function (options) {
  var style = document.createElement('style');
  style.innerHTML = '.woot--bubble-holder { position: fixed; right: 20px; bottom: 20px; } .woot-hidden { display: none; }';
  document.body.appendChild(style);
  var holder = document.createElement('div');
  holder.id = 'cw-bubble-holder';
  holder.className = 'woot--bubble-holder';
  var bubble = document.createElement('button');
  bubble.textContent = 'Open chat window';
  holder.appendChild(bubble);
  document.body.appendChild(holder);
  var frame = document.createElement('iframe');
  frame.title = 'Chatwoot widget';
  frame.src = options.baseUrl + '/widget?website_token=' + options.websiteToken;
  document.body.appendChild(frame);
  window.$chatwoot = {
    toggle: function () {},
    reset: function () {},
    toggleBubbleVisibility: function (visibility) {
      holder.classList.toggle('woot-hidden', visibility === 'hide');
    },
  };
  window.dispatchEvent(new CustomEvent('chatwoot:ready'));
} };`;

/**
 * One local origin speaking Plausible's Events API (POST /api/event, 202 "ok", CORS open as
 * Plausible's is) and serving the Chatwoot stand-in's SDK and widget page.
 */
const startThirdPartyStandIn = async () => {
  const events: ReceivedEvent[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const cors = { 'access-control-allow-origin': '*' };
    if (request.method === 'POST' && path === '/api/event') {
      void readBody(request).then((text) => {
        events.push({
          contentType: request.headers['content-type'],
          body: JSON.parse(text) as Record<string, unknown>,
        });
        response.writeHead(202, { ...cors, 'content-type': 'text/plain' }).end('ok');
      });
      return;
    }
    if (request.method === 'GET' && path === '/packs/js/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(CHATWOOT_SDK);
      return;
    }
    if (request.method === 'GET' && path === '/widget') {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Chat</title><p>How can we help?</p>');
      return;
    }
    response.writeHead(404, cors).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    events,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};

const freePort = async () => {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
};

/** A second cabinet server, as the e2e one but with `env` added (its own embedded database). */
const startCabinet = async (env: Record<string, string>) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = resolve(repoRoot, `data/e2e-analytics-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const isUp = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the configured cabinet did not start (exit ${child.exitCode})`);
    await new Promise((done) => setTimeout(done, 500));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

test.describe('analytics and live chat configured', () => {
  let standIn: Awaited<ReturnType<typeof startThirdPartyStandIn>>;
  let cabinet: Awaited<ReturnType<typeof startCabinet>>;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    standIn = await startThirdPartyStandIn();
    cabinet = await startCabinet({
      ANALYTICS_PROVIDER: 'plausible',
      PLAUSIBLE_API_HOST: standIn.origin,
      PLAUSIBLE_DOMAIN: 'cabinet.example.org',
      LIVE_CHAT_PROVIDER: 'chatwoot',
      CHATWOOT_BASE_URL: standIn.origin,
      CHATWOOT_WEBSITE_TOKEN: 'e2eWebsiteToken',
    });
  });
  test.afterAll(async () => {
    await cabinet?.stop();
    await standIn?.close();
  });

  test('events arrive after consent only, without personal data; the chat shows and hides', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const urls = recordRequests(page);
    // Requests to the third parties before the banner was answered (there must be none).
    let isAnswered = false;
    const beforeAnswer: string[] = [];
    page.on('request', (request) => {
      if (!isAnswered && request.url().startsWith(standIn.origin)) beforeAnswer.push(request.url());
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const win = window as Window & { violations?: string[] };
        (win.violations ??= []).push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });

    const response = await page.goto(`${cabinet.url}/login`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`connect-src 'self' ${standIn.origin}`);
    expect(csp).toContain(`script-src 'self' ${standIn.origin}`);

    // The banner asks; until it is answered nothing leaves for the third parties.
    const banner = page.getByRole('region', { name: 'Analytics and chat' });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await expectNoSeriousA11yViolations(page);
    expect(urls.filter((url) => url.startsWith(standIn.origin))).toEqual([]);
    expect(standIn.events).toEqual([]);

    isAnswered = true;
    await banner.getByRole('button', { name: 'Allow' }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(() => standIn.events.map((event) => event.body['url']))
      .toEqual([`${cabinet.url}/login`]);
    // Nothing went to the third parties at any time before the answer (not only in the moment
    // the banner was checked): the page view the answer set off is the first that came.
    expect(beforeAnswer).toEqual([]);

    // Registration through the form: an in-app navigation, then the registration event.
    const user = newUser();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await submitRegisterForm(page, user);
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
    await expect
      .poll(() => standIn.events.map((event) => event.body['name']))
      .toEqual(expect.arrayContaining(['user_registration']));
    const registration = standIn.events.find((event) => event.body['name'] === 'user_registration');
    expect(registration?.body).toEqual({
      name: 'user_registration',
      url: `${cabinet.url}/register`,
      domain: 'cabinet.example.org',
      props: { method: 'email' },
    });
    await expect
      .poll(() => standIn.events.map((event) => event.body['url']))
      .toEqual(
        expect.arrayContaining([`${cabinet.url}/register`, expect.stringMatching(/\/cabinet/)]),
      );

    // A fresh document remembers the consent: the page view comes without asking again.
    await page.goto(`${cabinet.url}/cabinet/transactions?page=2`);
    await expect
      .poll(() => standIn.events.at(-1)?.body['url'], { timeout: 10_000 })
      .toBe(`${cabinet.url}/cabinet/transactions`);
    await expect(banner).toHaveCount(0);

    for (const event of standIn.events) {
      expect(event.contentType).toContain('text/plain');
      expect(event.body['domain']).toBe('cabinet.example.org');
      const text = JSON.stringify(event.body);
      expect(text).not.toContain(user.email);
      expect(text).not.toContain(user.name);
      expect(text).not.toContain('@');
      expect(text).not.toContain('?');
    }

    // The live chat loaded from its configured origin; the header button hides and shows it.
    const bubble = page.getByRole('button', { name: 'Open chat window' });
    await expect(bubble).toBeVisible({ timeout: 10_000 });
    await expect(
      page.frameLocator('iframe[title="Chatwoot widget"]').getByText('How can we help?'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Hide chat' }).click();
    await expect(bubble).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Show chat' })).toBeVisible({ timeout: 10_000 });
    await expect(bubble).toBeHidden();
    await page.getByRole('button', { name: 'Show chat' }).click();
    await expect(bubble).toBeVisible();

    // Trusted Types still hold: markup cannot reach an HTML sink outside DOMPurify.
    const markup = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x>';
        return 'inserted';
      } catch {
        return 'refused';
      }
    });
    expect(markup).toBe('refused');
    const violations = await page.evaluate(
      () => (window as Window & { violations?: string[] }).violations ?? [],
    );
    // The probe above is the one expected report; nothing of the widget or analytics was blocked.
    expect(
      violations.filter((violation) => !violation.startsWith('require-trusted-types-for')),
    ).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('TrustedHTML'))).toEqual([]);
    // Only the cabinet and the configured origin were contacted.
    expect([...new Set(urls.map(originOf))].sort()).toEqual([cabinet.url, standIn.origin].sort());
  });
});
