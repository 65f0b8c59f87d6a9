import { createHmac } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  ANALYTICS_PROVIDERS,
  GA4_MEASUREMENT_ID_PATTERN,
  LIVE_CHAT_PROVIDERS,
  invalidEnvironment,
  parseEnvironment,
  type AnalyticsConfig,
  type LiveChatConfig,
} from '@proxy/contract';
import { loadOrCreateSecret, resolveDataKey } from '@proxy/db';

/** The monorepo root: defaults for data, web dist and locales are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** An optional setting where an empty value (`NAME=`) means unset, as in a .env template. */
const optionalSetting = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | undefined)));

/** An http(s) address without a trailing slash. */
const baseUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).optional(),
  /** Connections of the API's PostgreSQL pool (per instance). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Repeated queries as named prepared statements (docs/decisions/086). Turn off behind a
   * pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Proxy Cabinet <no-reply@proxy.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  LOCALES_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/public/locales')),
  APP_SECRET: z.string().min(32).optional(),
  /** AES-256-GCM key of API keys and package passwords at rest (decision 068). */
  DATA_ENCRYPTION_KEY: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag,
  /**
   * Run the proxy gateway (apps/gateway) as a child process on this server's database: what
   * `npm start` does, so a newcomer can `curl -x` at once. Off for `npm run start:gateway`
   * setups with the gateway on its own hosts (decision 090).
   */
  START_GATEWAY: booleanFlag,
  /**
   * Where customers connect (the cabinet's host and ports, decision 097): the gateway's public
   * host name (default: GATEWAY_HOST, or this machine's name when the gateway listens on every
   * address) and its ports. The gateway child reads the same variables.
   */
  GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  GATEWAY_PUBLIC_HOST: z.string().min(1).optional(),
  GATEWAY_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  GATEWAY_SOCKS_PORT: z.coerce.number().int().min(0).max(65535).default(1080),
  /**
   * The address the API tools page's curl examples fetch through the proxy (decision 124).
   * Default: ipify; the embedded demo's own `APP_URL/api/ip`, the only place its exits reach.
   */
  API_TOOLS_CHECK_URL: z.url().optional(),
  /**
   * The gateway ports IP-whitelist proxy lists take their blocks from, `first-last` (decision
   * 116): each such list gets ports_count consecutive ports here, and the gateway listens on them.
   */
  GATEWAY_LIST_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'first-last, e.g. 20000-39999')
    .default('20000-39999')
    .transform((value) => {
      const [first, last] = value.split('-').map(Number) as [number, number];
      return { first, last };
    })
    .refine(
      (range) => range.first >= 1 && range.first <= range.last && range.last <= 65535,
      'a range of ports within 1-65535, first <= last',
    ),
  /**
   * An inventory file (exits and ISP blocks) loaded at start while the database holds no
   * inventory an operator added (decision 154); `npm run admin -- exits:* / isp-blocks:*`
   * manage it afterwards. Unset: the embedded default loads the demo inventory, a database
   * server gets nothing.
   */
  GATEWAY_EXITS_FILE: z.string().min(1).optional(),
  /**
   * How often the gateway's status changes (a quota used up) are looked for and notified, in
   * seconds (decision 096). 0 = never (API tests sharing a database with other test files).
   */
  PACKAGE_EVENTS_SWEEP_SECONDS: z.coerce
    .number()
    .min(0)
    .max(3_600)
    .refine((seconds) => seconds === 0 || seconds >= 0.1, '0 (off) or at least 0.1')
    .default(5),
  /** Per-IP attempts on each auth endpoint per window. */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  /** Per-account (lower(email)) attempts on each auth endpoint per window before slowing down. */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  /** First delay of an attempt beyond the per-account allowance; doubles per attempt. */
  RATE_LIMIT_ACCOUNT_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** The per-account delay never exceeds this (the owner is slowed, never locked out). */
  RATE_LIMIT_ACCOUNT_DELAY_MAX_MS: z.coerce.number().int().min(0).default(10_000),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Requests of one user's API key (X-Api-Key, the public API) per RATE_LIMIT_WINDOW_MS. */
  RATE_LIMIT_API_KEY_MAX: z.coerce.number().int().min(1).default(120),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Seed the demo user; defaults to "only with the embedded database". */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Google sign-in: unset client id/secret = the button is disabled, redirect 404. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** PostgreSQL schema of the pg-boss job tables. */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,50}$/)
    .default('pgboss'),
  /** How often the job workers poll, in seconds (pg-boss minimum 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /**
   * Extra time each package provisioning takes, in ms: stands for the gateway's latency in a
   * staging run, and lets the crash test catch a job mid-way. 0 in production.
   */
  PROVISIONING_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  /**
   * How often packages left pending (a crashed worker, failed retries) are queued again, in
   * seconds; also done once at start. 0 = never (only for apps sharing a database with others
   * that own those packages, as the API tests do).
   */
  PROVISIONING_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * How often the package lifecycle sweeps run (expiry and auto-renew, expiry reminders,
   * traffic warnings; decision 109), in seconds. 0 = never (API tests sharing a database).
   */
  PACKAGE_LIFECYCLE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * How often payments left unpaid past their checkout's lifetime are marked expired (decision
   * 155), in seconds. 0 = never (API tests sharing a database).
   */
  PAYMENT_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Mails each mail queue sends at once (pg-boss batch handled in parallel). */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  /** Open SMTP connections of the mailer's pool (nodemailer `pool: true`). */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  /** Payments: with no provider keys every method is served by the built-in sandbox. */
  PAYMENT_SANDBOX_ENABLED: z.enum(['true', 'false']).default('true'),
  /** HMAC secret of the sandbox webhooks; derived from APP_SECRET when unset. */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  /** Where the sandbox sends its webhooks; default: this server's own listening address. */
  PAYMENT_SANDBOX_WEBHOOK_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe API host/port/protocol: only for a local stand-in in tests. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  NOWPAYMENTS_API_KEY: z.string().min(1).optional(),
  NOWPAYMENTS_IPN_SECRET: z.string().min(1).optional(),
  NOWPAYMENTS_BASE_URL: z.string().url().default('https://api.nowpayments.io'),
  /** Per-IP webhook deliveries per window (RATE_LIMIT_WINDOW_MS). */
  RATE_LIMIT_WEBHOOK_MAX: z.coerce.number().int().min(1).default(600),
  /**
   * The operator as the legal texts and the FAQ name it (docs/decisions/074): the public domain
   * (a host name, never an address with a port), the company, the support mailbox (default
   * support@PUBLIC_DOMAIN) and the support chat.
   */
  PUBLIC_DOMAIN: z
    .string()
    .regex(/^(?=.*[a-z])[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'a host name such as proxy.example')
    .default('proxy.example'),
  COMPANY_NAME: z.string().trim().min(1).max(200).default('Proxy Cabinet'),
  SUPPORT_EMAIL: z.string().email().optional(),
  SUPPORT_CHAT_URL: z.url({ protocol: /^https?$/ }).default('https://t.me/proxy_support'),
  /**
   * The seller printed on every receipt (decision 183): the company (default COMPANY_NAME), its
   * address (several lines: `\n` in the value breaks a line) and tax id; an unset address or tax
   * id leaves its line off the receipt.
   */
  RECEIPT_COMPANY_NAME: optionalSetting(z.string().trim().min(1).max(200)),
  RECEIPT_COMPANY_ADDRESS: optionalSetting(z.string().trim().min(1).max(500)),
  RECEIPT_COMPANY_TAX_ID: optionalSetting(z.string().trim().min(1).max(64)),
  /**
   * Analytics (docs/decisions/147): off unless a provider is named. `plausible` posts events to
   * PLAUSIBLE_API_HOST/api/event for the site PLAUSIBLE_DOMAIN (default PUBLIC_DOMAIN); `ga4`
   * loads Google's gtag.js for GA4_MEASUREMENT_ID. The browser sends nothing before consent.
   */
  ANALYTICS_PROVIDER: optionalSetting(z.enum(ANALYTICS_PROVIDERS)),
  PLAUSIBLE_API_HOST: optionalSetting(baseUrl),
  PLAUSIBLE_DOMAIN: optionalSetting(z.string().regex(/^[a-z0-9.-]+$/i, 'a site domain')),
  GA4_MEASUREMENT_ID: optionalSetting(z.string().regex(GA4_MEASUREMENT_ID_PATTERN, 'G-XXXXXXXX')),
  /**
   * Live chat (docs/decisions/148): off unless a provider is named. `chatwoot` loads the SDK of
   * the (self-hosted) Chatwoot at CHATWOOT_BASE_URL for the inbox CHATWOOT_WEBSITE_TOKEN.
   */
  LIVE_CHAT_PROVIDER: optionalSetting(z.enum(LIVE_CHAT_PROVIDERS)),
  CHATWOOT_BASE_URL: optionalSetting(baseUrl),
  CHATWOOT_WEBSITE_TOKEN: optionalSetting(z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'a token')),
  /** Per-IP CSP violation reports per window (POST /api/csp-report). */
  RATE_LIMIT_CSP_REPORT_MAX: z.coerce.number().int().min(1).default(60),
  /**
   * The Telegram bot (decisions 142 and 143): off without a token. The Bot API root
   * (grammy's client.apiRoot) is Telegram's unless a stand-in or a local Bot API server is used.
   */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'a Bot API token such as 123456:ABC-def')
    .optional(),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /** The bot's @name for the deep link; unset, getMe tells it. */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^\w{3,64}$/)
    .optional(),
  /** Set: Telegram posts updates to this URL (…/api/telegram/webhook) instead of long polling. */
  TELEGRAM_WEBHOOK_URL: z.url().optional(),
  /** The X-Telegram-Bot-Api-Secret-Token of the webhook; default derived from APP_SECRET. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\w-]{1,256}$/)
    .optional(),
  /** Long polling: seconds one getUpdates waits for an update. */
  TELEGRAM_POLL_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(50).default(30),
  /** Seconds an instance on standby waits before it tries to become the bot runner again. */
  TELEGRAM_STANDBY_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  /** The subscription promo granted at the first connection: percent off, valid this many days. */
  TELEGRAM_PROMO_PERCENT: z.coerce.number().int().min(1).max(100).default(10),
  TELEGRAM_PROMO_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export type RawEnv = z.input<typeof envSchema>;
type ParsedEnv = z.output<typeof envSchema>;

/** A provider named without the settings it needs is a start-up error, not a silent "off". */
const requireSettings = (
  env: ParsedEnv,
  provider: string,
  names: (keyof ParsedEnv)[],
  problems: string[],
) => {
  for (const name of names)
    if (env[name] === undefined) problems.push(`${name}: required when ${provider}`);
};

const analyticsOf = (env: ParsedEnv, problems: string[]): AnalyticsConfig | null => {
  const provider = 'ANALYTICS_PROVIDER=' + (env.ANALYTICS_PROVIDER ?? '');
  if (env.ANALYTICS_PROVIDER === 'plausible') {
    requireSettings(env, provider, ['PLAUSIBLE_API_HOST'], problems);
    return env.PLAUSIBLE_API_HOST
      ? {
          provider: 'plausible',
          apiHost: env.PLAUSIBLE_API_HOST,
          domain: env.PLAUSIBLE_DOMAIN ?? env.PUBLIC_DOMAIN,
        }
      : null;
  }
  if (env.ANALYTICS_PROVIDER === 'ga4') {
    requireSettings(env, provider, ['GA4_MEASUREMENT_ID'], problems);
    return env.GA4_MEASUREMENT_ID
      ? { provider: 'ga4', measurementId: env.GA4_MEASUREMENT_ID }
      : null;
  }
  return null;
};

const liveChatOf = (env: ParsedEnv, problems: string[]): LiveChatConfig | null => {
  if (env.LIVE_CHAT_PROVIDER !== 'chatwoot') return null;
  requireSettings(
    env,
    'LIVE_CHAT_PROVIDER=chatwoot',
    ['CHATWOOT_BASE_URL', 'CHATWOOT_WEBSITE_TOKEN'],
    problems,
  );
  return env.CHATWOOT_BASE_URL && env.CHATWOOT_WEBSITE_TOKEN
    ? {
        provider: 'chatwoot',
        baseUrl: env.CHATWOOT_BASE_URL,
        websiteToken: env.CHATWOOT_WEBSITE_TOKEN,
      }
    : null;
};

export type Config = Omit<
  z.output<typeof envSchema>,
  | 'APP_URL'
  | 'APP_SECRET'
  | 'DATA_ENCRYPTION_KEY'
  | 'SUPPORT_EMAIL'
  | 'GATEWAY_PUBLIC_HOST'
  | 'TELEGRAM_WEBHOOK_SECRET'
  | 'API_TOOLS_CHECK_URL'
  | 'RECEIPT_COMPANY_NAME'
  | 'RECEIPT_COMPANY_ADDRESS'
> & {
  RECEIPT_COMPANY_NAME: string;
  /** Its lines, `\n` in the variable written as a line break. */
  RECEIPT_COMPANY_ADDRESS: string | undefined;
  API_TOOLS_CHECK_URL: string;
  /**
   * The demo: the demo user and inventory are seeded (SEED_DEMO, by default with the embedded
   * database), and the inventory's exits reach this machine only (decision 154).
   */
  IS_DEMO: boolean;
  TELEGRAM_WEBHOOK_SECRET: string;
  GATEWAY_PUBLIC_HOST: string;
  APP_URL: string;
  APP_SECRET: string;
  DATA_ENCRYPTION_KEY: Buffer;
  SUPPORT_EMAIL: string;
  /** The analytics service and live chat the SPA may load after consent (null: none). */
  ANALYTICS: AnalyticsConfig | null;
  LIVE_CHAT: LiveChatConfig | null;
};

/** The webhook's secret token when none is set: every instance derives the same one. */
const webhookSecretOf = (appSecret: string) =>
  createHmac('sha256', appSecret).update('telegram-webhook').digest('hex');

/** Parses the environment (overrides win) once; the only reader of process.env. */
export const loadConfig = (
  overrides: Partial<Record<keyof RawEnv, string | undefined>> = {},
): Config => {
  const env = parseEnvironment(envSchema, { ...process.env, ...overrides });
  // Instances sharing a database must sign verification links with one secret: a secret
  // generated into each instance's DATA_DIR would make links from one fail on another.
  if (env.DATABASE_URL && !env.APP_SECRET)
    throw invalidEnvironment([
      'APP_SECRET: required (at least 32 characters) when DATABASE_URL is set; ' +
        'every instance on the database must use the same value, e.g. `openssl rand -hex 32`',
    ]);
  const problems: string[] = [];
  const analytics = analyticsOf(env, problems);
  const liveChat = liveChatOf(env, problems);
  if (problems.length > 0) throw invalidEnvironment(problems);
  const dataDir = path.resolve(env.DATA_DIR);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  // Instances on one server share APP_SECRET (required above); the embedded default keeps
  // one in DATA_DIR so verification links sent before a restart still work.
  const appSecret = env.APP_SECRET ?? loadOrCreateSecret(dataDir);
  const isDemo = env.SEED_DEMO === 'true' || (env.SEED_DEMO === 'auto' && !env.DATABASE_URL);
  const appUrl = (env.APP_URL ?? `http://${host}:${env.PORT}`).replace(/\/+$/, '');
  return {
    ...env,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.resolve(env.WEB_DIST_DIR),
    LOCALES_DIR: path.resolve(env.LOCALES_DIR),
    APP_URL: appUrl,
    IS_DEMO: isDemo,
    API_TOOLS_CHECK_URL:
      env.API_TOOLS_CHECK_URL ??
      (isDemo ? `${appUrl}/api/ip` : 'https://api.ipify.org?format=json'),
    APP_SECRET: appSecret,
    DATA_ENCRYPTION_KEY: resolveDataKey({
      value: env.DATA_ENCRYPTION_KEY,
      databaseUrl: env.DATABASE_URL,
      dataDir,
      create: true,
    }),
    SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? `support@${env.PUBLIC_DOMAIN}`,
    RECEIPT_COMPANY_NAME: env.RECEIPT_COMPANY_NAME ?? env.COMPANY_NAME,
    RECEIPT_COMPANY_ADDRESS: env.RECEIPT_COMPANY_ADDRESS?.replace(/\\n/g, '\n'),
    TELEGRAM_WEBHOOK_SECRET: env.TELEGRAM_WEBHOOK_SECRET ?? webhookSecretOf(appSecret),
    GATEWAY_EXITS_FILE: env.GATEWAY_EXITS_FILE && path.resolve(env.GATEWAY_EXITS_FILE),
    ANALYTICS: analytics,
    LIVE_CHAT: liveChat,
    // As the gateway's own default (apps/gateway config/env.ts).
    GATEWAY_PUBLIC_HOST:
      env.GATEWAY_PUBLIC_HOST ??
      (env.GATEWAY_HOST === '0.0.0.0' || env.GATEWAY_HOST === '::' ? hostname() : env.GATEWAY_HOST),
  };
};

/**
 * The environment of the gateway child process (START_GATEWAY): this process's own, so every
 * GATEWAY_* variable reaches it, plus where the database is and the key of the secrets at rest,
 * which the gateway must share with the API (the embedded default's are known only here).
 */
export const gatewayChildEnvironment = (
  config: Config,
  databaseUrl: string,
): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: config.DATA_DIR,
  DATA_ENCRYPTION_KEY: config.DATA_ENCRYPTION_KEY.toString('hex'),
  // The demo's exits reach this machine only: its customers' requests go to local addresses.
  ...(config.IS_DEMO && process.env.GATEWAY_ALLOW_PRIVATE_DESTINATIONS === undefined
    ? { GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true' }
    : {}),
  LOG_LEVEL: config.LOG_LEVEL,
});
