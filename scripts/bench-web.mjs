// npm run bench:web — builds the SPA, starts the production server on a throw-away
// embedded PostgreSQL and reports:
//   1. the gzip size of the JavaScript that /login loads (budget 150 KB),
//   2. the Lighthouse mobile performance score of /login and /cabinet/profile
//      (median of 3 runs each, target >= 95), using Debian's Chromium.
// Exits 1 when a figure misses its target (after printing every figure).
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_WEB_PORT || 3310);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_WEB_RUNS || 3);
const jsBudgetKb = 150;
const scoreTarget = 95;
const misses = [];

const waitFor = async (url, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const decodeQuotedPrintable = (text) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

console.log('Building the SPA ...');
execSync('npm run build', { cwd: root, stdio: 'inherit' });

// Outside the repository (embedded database, mail files), removed at the end.
const dataDir = mkdtempSync(join(tmpdir(), 'proxy-bench-web-'));
chmodSync(dataDir, 0o777);
// The throw-away embedded database, whatever DATABASE_URL the shell has.
const { DATABASE_URL: _ignored, ...env } = process.env;
const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: base,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitFor(`${base}/api/health`);

  // A verified user, so /cabinet/profile renders the real page.
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const reg = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'bencher',
      email,
      password,
      password_confirmation: password,
      terms_checkbox: true,
    }),
  });
  const { token } = await reg.json();
  // Mail goes out through the job queue: poll the mail folder for the verification mail. The
  // mailer names each file <time>-<to>-<purpose>.eml; other mails to the same address (a
  // welcome or any notification) are not it.
  const mailDir = join(dataDir, 'mail');
  const verifyLink = /http:\/\/[^\s"<>]+\/api\/email\/verify\/confirm\?[^\s"<>]+/;
  let link;
  for (let i = 0; i < 120 && !link; i += 1) {
    await new Promise((r) => setTimeout(r, 250));
    const files = existsSync(mailDir) ? readdirSync(mailDir) : [];
    link = files
      .filter((f) => f.endsWith('-verify-email.eml'))
      .map((f) => decodeQuotedPrintable(readFileSync(join(mailDir, f), 'utf8')))
      .filter((m) => m.includes(email))
      .map((m) => m.match(verifyLink)?.[0])
      .find(Boolean)
      ?.replace(/&amp;/g, '&');
  }
  if (!link) throw new Error('verification mail not found');
  await fetch(link, { redirect: 'manual' });

  // 1. JavaScript that /login loads.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') {
      try {
        scripts.set(res.url(), await res.body());
      } catch {
        /* redirected or aborted */
      }
    }
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  let total = 0;
  for (const [url, body] of scripts) {
    const gz = gzipSync(body).length;
    total += gz;
    console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB gz  ${url.replace(base, '')}`);
  }
  const totalKb = total / 1024;
  console.log(`JS loaded by /login: ${totalKb.toFixed(1)} KB gzip (budget ${jsBudgetKb} KB)`);
  if (totalKb >= jsBudgetKb) {
    misses.push(`/login loads ${totalKb.toFixed(1)} KB gzip of JS (budget ${jsBudgetKb} KB)`);
  }

  // 2. Lighthouse mobile performance, median of N.
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const scores = {};
    for (const path of ['/login', '/cabinet/profile']) {
      const context = cdp.contexts()[0];
      if (path.startsWith('/cabinet')) {
        await context.addCookies([{ name: 'ACCESS_TOKEN', value: token, url: base }]);
      } else {
        await context.clearCookies();
      }
      const values = [];
      const details = [];
      for (let i = 0; i < runs; i += 1) {
        // A run Lighthouse could not complete (a protocol timeout on a busy machine) has no
        // score: it is reported and run again (twice at most) instead of counting as 0.
        let result;
        for (let attempt = 0; attempt < 3; attempt += 1) {
          result = await lighthouse(`${base}${path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          });
          const failure = result?.lhr.runtimeError;
          if (!failure) break;
          console.log(`  run ${i + 1} of ${path} failed (${failure.code}: ${failure.message})`);
        }
        values.push(Math.round((result?.lhr.categories.performance.score ?? 0) * 100));
        const audits = result?.lhr.audits ?? {};
        details.push(
          ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
            .map(
              (id) =>
                `${id
                  .split('-')
                  .map((w) => w[0].toUpperCase())
                  .join('')} ${audits[id]?.displayValue ?? '?'}`,
            )
            .join(', '),
        );
      }
      scores[path] = { runs: values, median: median(values) };
      console.log(
        `Lighthouse mobile performance ${path}: median ${median(values)} (runs ${values.join(', ')})`,
      );
      for (const line of details) console.log(`  ${line}`);
      if (median(values) < scoreTarget) {
        misses.push(`Lighthouse ${path} median ${median(values)} (target ${scoreTarget})`);
      }
    }
    await cdp.close();
    const summary = { loginJsGzipKb: Number((total / 1024).toFixed(1)), lighthouse: scores };
    console.log(JSON.stringify(summary));
  } finally {
    await chrome.kill();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

if (misses.length > 0) {
  console.error(`bench:web missed its targets:\n  ${misses.join('\n  ')}`);
  process.exitCode = 1;
}
