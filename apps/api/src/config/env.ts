import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The monorepo root: defaults for data, web dist and locales are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Proxy Cabinet <no-reply@proxy.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  LOCALES_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/public/locales')),
  APP_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: booleanFlag,
  /** Per-IP attempts on each auth endpoint per window. */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  /** Per-account (lower(email)) attempts on each auth endpoint per window. */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Seed the demo user; defaults to "only with the embedded database". */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Google sign-in (issue 3): unset client id/secret = the button is disabled, redirect 404. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** PostgreSQL schema of the pg-boss job tables (issue 3). */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,50}$/)
    .default('pgboss'),
  /** How often the job workers poll, in seconds (pg-boss minimum 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** Payments (issue 4). With no provider keys every method is served by the built-in sandbox. */
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
});

export type RawEnv = z.input<typeof envSchema>;

export type Config = Omit<z.output<typeof envSchema>, 'APP_URL' | 'APP_SECRET'> & {
  APP_URL: string;
  APP_SECRET: string;
};

/**
 * The secret signs e-mail verification links. When the operator gives none we
 * generate one and persist it in DATA_DIR, so links sent before a restart still work.
 */
const loadOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/** Parses the environment (overrides win) once; the only reader of process.env. */
export const loadConfig = (
  overrides: Partial<Record<keyof RawEnv, string | undefined>> = {},
): Config => {
  const source: Record<string, string | undefined> = { ...process.env, ...overrides };
  // An empty variable means "unset": `DATABASE_URL= npm start` must not be a URL.
  for (const key of Object.keys(source)) if (source[key] === '') delete source[key];
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return {
    ...env,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.resolve(env.WEB_DIST_DIR),
    LOCALES_DIR: path.resolve(env.LOCALES_DIR),
    APP_URL: (env.APP_URL ?? `http://${host}:${env.PORT}`).replace(/\/+$/, ''),
    APP_SECRET: env.APP_SECRET ?? loadOrCreateSecret(dataDir),
  };
};
