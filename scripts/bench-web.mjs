// npm run bench:web — builds the SPA, starts the production server on a throw-away
// embedded PostgreSQL and reports:
//   1. the JavaScript that /login loads: gzip size and file count (budget < 150 KB in fewer
//      than 10 files),
//   2. the Lighthouse mobile performance of cold loads of /login and /cabinet/profile: each run
//      starts from an empty cache and empty storage (the profile page's session is set again
//      before each run), per run score, FCP, LCP and TBT with the load average it was taken at,
//      and the medians of 3 runs (target score >= 97 and LCP < 2 s), using Debian's Chromium.
// Exits 1 when a figure misses its target (after printing every figure).
// BENCH_WEB_REPORTS=<dir> keeps each run's Lighthouse report (JSON) there.
import { spawn, execSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
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
const reportDir = process.env.BENCH_WEB_REPORTS
  ? resolve(process.env.BENCH_WEB_REPORTS)
  : undefined;
const jsBudgetKb = 150;
const jsFileBudget = 10;
const scoreTarget = 97;
const lcpTargetMs = 2000;
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

/**
 * A run counts only as the cold load it is meant to be: the page it asked for (a signed-in page
 * that fell back to /login had no session) and every file of the origin sent over the network
 * (no HTTP cache hit, no 304).
 */
const assertColdLoad = (lhr, path) => {
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== path) throw new Error(`Lighthouse asked for ${path} and measured ${landed}`);
  const cached = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (request) =>
      request.url.startsWith(base) &&
      (request.statusCode === 304 || (request.statusCode === 200 && request.transferSize === 0)),
  );
  if (cached.length > 0) {
    throw new Error(
      `a run of ${path} was not a cold load: ${cached.map((r) => r.url).join(', ')} from the cache`,
    );
  }
};

const decodeQuotedPrintable = (text) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

if (reportDir) mkdirSync(reportDir, { recursive: true });
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
  console.log(
    `JS loaded by /login: ${totalKb.toFixed(1)} KB gzip in ${scripts.size} files ` +
      `(budget < ${jsBudgetKb} KB in < ${jsFileBudget} files)`,
  );
  if (totalKb >= jsBudgetKb) {
    misses.push(`/login loads ${totalKb.toFixed(1)} KB gzip of JS (budget ${jsBudgetKb} KB)`);
  }
  if (scripts.size >= jsFileBudget) {
    misses.push(`/login loads ${scripts.size} JS files (budget fewer than ${jsFileBudget})`);
  }

  // 2. Lighthouse mobile performance of cold loads, median of N.
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0];
    const originSession = await context.newCDPSession(
      context.pages()[0] ?? (await context.newPage()),
    );
    /**
     * A first visit: everything the browser keeps for the origin is wiped (cookies and local
     * storage too, which Lighthouse's own reset keeps), then a signed-in page gets its session
     * back as the cookie the app sets on sign-in. Lighthouse then clears the HTTP cache itself.
     */
    const resetOrigin = async (isSignedIn) => {
      await originSession.send('Storage.clearDataForOrigin', {
        origin: base,
        storageTypes: 'all',
      });
      if (isSignedIn) {
        await context.addCookies([{ name: 'ACCESS_TOKEN', value: token, url: base }]);
      }
    };
    const results = {};
    for (const path of ['/login', '/cabinet/profile']) {
      const figures = [];
      for (let i = 0; i < runs; i += 1) {
        // A run Lighthouse could not complete (a protocol timeout on a busy machine) has no
        // score: it is reported and run again (twice at most) instead of counting as 0.
        let result;
        let load;
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await resetOrigin(path.startsWith('/cabinet'));
          load = loadavg()[0];
          result = await lighthouse(`${base}${path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          });
          const failure = result?.lhr.runtimeError;
          if (!failure) break;
          console.log(`  run ${i + 1} of ${path} failed (${failure.code}: ${failure.message})`);
        }
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not measure ${path}`);
        assertColdLoad(lhr, path);
        if (reportDir) {
          writeFileSync(
            join(reportDir, `${path.replace(/\W+/g, '-').slice(1)}-${i + 1}.json`),
            JSON.stringify(lhr),
          );
        }
        const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
        figures.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcpMs: ms('first-contentful-paint'),
          lcpMs: ms('largest-contentful-paint'),
          tbtMs: ms('total-blocking-time'),
          load: Number(load.toFixed(2)),
        });
      }
      const score = median(figures.map((f) => f.score));
      const lcpMs = median(figures.map((f) => f.lcpMs));
      results[path] = { median: { score, lcpMs }, runs: figures };
      console.log(
        `Lighthouse mobile performance ${path} (cold loads): median ${score}, LCP ${lcpMs} ms ` +
          `(target >= ${scoreTarget}, LCP < ${lcpTargetMs} ms)`,
      );
      figures.forEach((f, i) =>
        console.log(
          `  run ${i + 1}: ${f.score}  FCP ${f.fcpMs} ms  LCP ${f.lcpMs} ms  TBT ${f.tbtMs} ms  ` +
            `(load average ${f.load})`,
        ),
      );
      if (score < scoreTarget) {
        misses.push(`Lighthouse ${path} median ${score} (target ${scoreTarget})`);
      }
      if (!(lcpMs < lcpTargetMs)) {
        misses.push(`Lighthouse ${path} median LCP ${lcpMs} ms (target < ${lcpTargetMs} ms)`);
      }
    }
    await cdp.close();
    const summary = {
      loginJs: { gzipKb: Number(totalKb.toFixed(1)), files: scripts.size },
      lighthouse: results,
    };
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
