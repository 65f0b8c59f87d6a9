// The Chromium that the browser tests (e2e/playwright.config.ts) and `npm run bench:web`
// (scripts/bench-web.mjs) launch: Debian's package, which scripts/ensure-chromium.mjs installs.
// Plain ESM so that node scripts import it as it is; the TypeScript config imports it too.

/** The browser binary: CHROMIUM_PATH, else Debian's package. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The flags every launch passes: no sandbox and no GPU (a container), plain TCP (no QUIC), and
 * none of the first-run, update, sync or background traffic that would disturb a measurement.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
