import { defineConfig, devices } from '@playwright/test';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 3210);
/** Each run starts on an empty embedded PostgreSQL in this folder (wiped by the server command). */
export const E2E_DATA_DIR = resolve(repoRoot, `data/e2e-${port}`);
export const BASE_URL = `http://127.0.0.1:${port}`;
/** The Bot API stand-in the server's Telegram bot talks to (apps/api/test/telegram-stand-in.ts). */
const telegramPort = port + 1000;
export const E2E_TELEGRAM = {
  port: telegramPort,
  token: '700000001:e2e-stand-in-token',
  control: `http://127.0.0.1:${telegramPort}/__control`,
};
/**
 * The proxy gateway the server runs as its child (START_GATEWAY, as `npm start` does), on ports
 * of this run so that parallel runs (other E2E_PORTs) and a developer's own gateway on 8080/1080
 * do not collide; IP-whitelist proxy lists take their ports from `listPorts`.
 */
export const E2E_GATEWAY = {
  host: '127.0.0.1',
  httpPort: port + 2000,
  socksPort: port + 3000,
  listPorts: { first: port + 4000, last: port + 4049 },
};
/** The operator as legal texts and the FAQ name it (PUBLIC_DOMAIN, COMPANY_NAME, SUPPORT_EMAIL). */
export const E2E_SITE = {
  domain: 'proxies.example.org',
  company: 'Example Proxies Ltd',
  supportEmail: 'help@proxies.example.org',
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: resolve(repoRoot, `data/e2e-results-${port}`),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node apps/api/test/telegram-stand-in.cli.ts ${E2E_TELEGRAM.port} ${E2E_TELEGRAM.token}`,
      cwd: repoRoot,
      url: `${E2E_TELEGRAM.control}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf "${E2E_DATA_DIR}" && node apps/api/src/server.ts`,
      cwd: repoRoot,
      url: `${BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        APP_URL: BASE_URL,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // Journeys register many users from one IP: keep the limiter on, but roomy.
        RATE_LIMIT_AUTH_MAX: '1000',
        RATE_LIMIT_ACCOUNT_MAX: '1000',
        PUBLIC_DOMAIN: E2E_SITE.domain,
        COMPANY_NAME: E2E_SITE.company,
        SUPPORT_EMAIL: E2E_SITE.supportEmail,
        // Lets parallel work build the SPA into its own folder (npx vite build --outDir ...).
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
        // The Telegram bot against the stand-in above (notification-settings.spec.ts).
        TELEGRAM_BOT_TOKEN: E2E_TELEGRAM.token,
        TELEGRAM_API_ROOT: `http://127.0.0.1:${E2E_TELEGRAM.port}`,
        TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
        TELEGRAM_STANDBY_SECONDS: '0.5',
        // Traffic warnings and usage alerts a few seconds after the usage is booked, not a
        // minute (usage-alerts.spec.ts); every lifecycle sweep is idempotent at any pace.
        PACKAGE_LIFECYCLE_SWEEP_SECONDS: '2',
        // The gateway beside the API, so journeys can use what they bought (inventory.spec.ts).
        START_GATEWAY: 'true',
        GATEWAY_HOST: E2E_GATEWAY.host,
        GATEWAY_HTTP_PORT: String(E2E_GATEWAY.httpPort),
        GATEWAY_SOCKS_PORT: String(E2E_GATEWAY.socksPort),
        GATEWAY_LIST_PORTS: `${E2E_GATEWAY.listPorts.first}-${E2E_GATEWAY.listPorts.last}`,
      },
    },
  ],
});
