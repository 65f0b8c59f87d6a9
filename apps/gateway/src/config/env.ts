import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseEnvironment } from '@proxy/contract';
import { resolveDataKey } from '@proxy/db';

/** The monorepo root: the default DATA_DIR is relative to it, as the API's is. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const millis = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

/** Concurrent connections per package by default (a browser opens a few dozen; scrapers more). */
const DEFAULT_CONNECTION_LIMITS = { isp: 1000, dynamic: 1000, vip: 1000, unlim: 1000 };

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A PostgreSQL server; unset = the API's embedded cluster in DATA_DIR (it must be running). */
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  /** The key package passwords are sealed with (decision 068): the API's, byte for byte. */
  DATA_ENCRYPTION_KEY: z.string().min(1).optional(),
  /** Where the proxy listens; 127.0.0.1 by default, 0.0.0.0 to serve the world. */
  GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  /** HTTP proxy (absolute-URI requests and CONNECT); 0 = any free port (tests). */
  GATEWAY_HTTP_PORT: port(8080),
  /** SOCKS5 (RFC 1928 CONNECT, RFC 1929 username/password); 0 = any free port (tests). */
  GATEWAY_SOCKS_PORT: port(1080),
  /** The host name customers put in their proxy settings (shown in the start banner). */
  GATEWAY_PUBLIC_HOST: z.string().min(1).optional(),
  /** Names this process in usage flush ids and leases; unique per instance on one database. */
  GATEWAY_INSTANCE_ID: z
    .string()
    .regex(/^[\w.:-]{1,100}$/)
    .optional(),
  /** How often byte counters are written to the hourly usage table. */
  GATEWAY_FLUSH_INTERVAL_MS: millis(5_000, 100),
  /**
   * Where each instance keeps its usage journal: the bytes counted and not yet in the database
   * (decision 180). Unset: DATA_DIR/gateway-journal. Instances on one host may share it.
   */
  GATEWAY_JOURNAL_DIR: z.string().min(1).optional(),
  /** How often the bytes counted are noted in the journal: what a killed gateway loses at most. */
  GATEWAY_JOURNAL_INTERVAL_MS: millis(10),
  /**
   * How often this instance writes its heartbeat (host CPU and RAM, per-package current speed)
   * for the unlimited panel's live metrics (decision 097).
   */
  GATEWAY_METRICS_INTERVAL_MS: millis(5_000, 100),
  /** A client must finish its request head / SOCKS handshake within this. */
  GATEWAY_HANDSHAKE_TIMEOUT_MS: millis(10_000, 100),
  /** An open tunnel or keep-alive connection with no traffic either way is closed after this. */
  GATEWAY_IDLE_TIMEOUT_MS: millis(300_000, 100),
  /** Connecting to an exit (origin or upstream proxy) gives up after this. */
  GATEWAY_CONNECT_TIMEOUT_MS: millis(10_000, 100),
  /** Liveness check of the LISTEN connection to PostgreSQL. */
  GATEWAY_HEARTBEAT_MS: millis(5_000, 100),
  /** While LISTEN is down: how often the credential and exit tables are re-read instead. */
  GATEWAY_POLL_INTERVAL_MS: millis(2_000, 100),
  /** Largest request head (request line and headers) a client may send, in bytes. */
  GATEWAY_MAX_HEADER_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(16_384),
  /**
   * Let customers reach private and loopback addresses through direct exits (the gateway host,
   * its LAN, cloud metadata). Off in production; tests and local benchmarks turn it on.
   */
  GATEWAY_ALLOW_PRIVATE_DESTINATIONS: booleanFlag(false),
  /**
   * Open connections one package may have at once, per family: `isp=N,dynamic=N,vip=N,unlim=N`
   * (families left out keep their default). Beyond it: HTTP 429 / SOCKS reply 0x02.
   */
  GATEWAY_CONNECTION_LIMITS: z
    .string()
    .regex(
      /^((isp|dynamic|vip|unlim)=[1-9][0-9]{0,6})(,(isp|dynamic|vip|unlim)=[1-9][0-9]{0,6})*$/,
      'family=count,... e.g. isp=500,unlim=2000',
    )
    .optional()
    .transform((value) => {
      const limits = { ...DEFAULT_CONNECTION_LIMITS };
      for (const pair of value?.split(',') ?? []) {
        const [family, count] = pair.split('=') as [keyof typeof limits, string];
        limits[family] = Number(count);
      }
      return limits;
    }),
  /** How often this instance checks every active exit (exit-health.ts, decision 154). */
  GATEWAY_EXIT_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** Failed checks in a row after which an exit is down (never chosen until a check passes). */
  GATEWAY_EXIT_DOWN_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  /** Where an upstream exit's check CONNECTs to (host:port; success is a 2xx answer). */
  GATEWAY_EXIT_CHECK_TARGET: z
    .string()
    .regex(/^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):([1-9][0-9]{0,4})$/, 'host:port')
    .refine((value) => Number(value.slice(value.lastIndexOf(':') + 1)) <= 65535, 'port: 1-65535')
    .default('api.ipify.org:443')
    .transform((value) => {
      const colon = value.lastIndexOf(':');
      return {
        host: value.slice(0, colon).replace(/^\[(.*)\]$/, '$1'),
        port: Number(value.slice(colon + 1)),
      };
    }),
  /** Counting bytes per package; off only to measure its cost (bench:gateway). */
  GATEWAY_METERING: booleanFlag(true),
  /**
   * Gateway processes on this host (decision 101): above 1, a primary forks this many workers
   * that share the ports, each an ordinary instance. 1 (dev, tests) runs one plain process.
   */
  GATEWAY_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
});

export type RawGatewayEnv = z.input<typeof envSchema>;

export type GatewayConfig = Omit<
  z.output<typeof envSchema>,
  'DATA_ENCRYPTION_KEY' | 'GATEWAY_PUBLIC_HOST' | 'GATEWAY_INSTANCE_ID' | 'GATEWAY_JOURNAL_DIR'
> & {
  DATA_ENCRYPTION_KEY: Buffer;
  GATEWAY_JOURNAL_DIR: string;
  GATEWAY_PUBLIC_HOST: string;
  GATEWAY_INSTANCE_ID: string;
};

/** Parses the environment (overrides win) once; the only reader of process.env. */
export const loadGatewayConfig = (
  overrides: Partial<Record<keyof RawGatewayEnv, string | undefined>> = {},
): GatewayConfig => {
  const env = parseEnvironment(envSchema, { ...process.env, ...overrides });
  const dataDir = path.resolve(env.DATA_DIR);
  const isWildcard = env.GATEWAY_HOST === '0.0.0.0' || env.GATEWAY_HOST === '::';
  return {
    ...env,
    DATA_DIR: dataDir,
    GATEWAY_JOURNAL_DIR: path.resolve(
      env.GATEWAY_JOURNAL_DIR ?? path.join(dataDir, 'gateway-journal'),
    ),
    DATA_ENCRYPTION_KEY: resolveDataKey({
      value: env.DATA_ENCRYPTION_KEY,
      databaseUrl: env.DATABASE_URL,
      dataDir,
      create: false,
    }),
    GATEWAY_PUBLIC_HOST: env.GATEWAY_PUBLIC_HOST ?? (isWildcard ? hostname() : env.GATEWAY_HOST),
    GATEWAY_INSTANCE_ID:
      env.GATEWAY_INSTANCE_ID ?? `${hostname()}-${randomBytes(4).toString('hex')}`,
  };
};
