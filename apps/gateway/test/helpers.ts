import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  createDatabase,
  createScratchDatabase,
  migrate,
  sealSecret,
  SECRET_PURPOSES,
  type DatabaseHandle,
  type GatewayExits,
  type PackageSubUsers,
  type Packages,
  type ScratchDatabase,
} from '@proxy/db';
import type { Insertable, Updateable } from 'kysely';
import { sendBytes } from '../bench/bytes-response.ts';
import { insertUser } from '../bench/user-row.ts';
import { loadGatewayConfig, type RawGatewayEnv } from '../src/config/env.ts';
import { startGateway, type Gateway } from '../src/gateway.ts';

const run = promisify(execFile);

/** The key the test rows are sealed with (any 32 bytes; the API's tests use their own). */
export const TEST_DATA_KEY_HEX = 'ab'.repeat(32);
export const TEST_DATA_KEY = Buffer.from(TEST_DATA_KEY_HEX, 'hex');

export const databaseUrl = () => inject('databaseUrl');

export const openDatabase = (): DatabaseHandle => createDatabase(databaseUrl(), 4);

/**
 * A freshly migrated database of the test file's own, for files that add exits (exits are
 * global to a database: the other files' untargeted traffic must not take them).
 */
export const openOwnDatabase = async (prefix: string) => {
  const scratch = await createScratchDatabase({
    serverUrl: inject('adminUrl'),
    dataDir: mkdtempSync(path.join(tmpdir(), `${prefix}-`)),
    prefix,
  });
  await migrate(scratch.url);
  return { scratch, database: createDatabase(scratch.url, 2) };
};

const alphanumeric = (length: number) =>
  randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);

export const createUser = (db: DatabaseHandle['db']) =>
  insertUser(db, { key: TEST_DATA_KEY, name: 'gateway test', emailPrefix: 'gw' });

export type TestPackage = { id: number; login: string; password: string };

/** An active package with a fresh login and password (sealed as the API seals them). */
export const createPackage = async (
  db: DatabaseHandle['db'],
  values: Partial<Insertable<Packages>> & { password?: string } = {},
): Promise<TestPackage> => {
  const { password = alphanumeric(16), ...columns } = values;
  const login = columns.login ?? alphanumeric(20);
  const row = await db
    .insertInto('packages')
    .values({
      user_id: columns.user_id ?? (await createUser(db)),
      type: 'vip',
      tariff: JSON.stringify({ title: 'test' }),
      price_cents: 100,
      status: 'active',
      package_key: randomBytes(16).toString('hex'),
      password_encrypted: sealSecret(TEST_DATA_KEY, password, SECRET_PURPOSES.packagePassword),
      expires_at: new Date(Date.now() + 86_400_000),
      ...columns,
      login,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, login, password };
};

export const testGatewayConfig = (overrides: Partial<Record<keyof RawGatewayEnv, string>> = {}) =>
  loadGatewayConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gateway-test-')),
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY_HEX,
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_HTTP_PORT: '0',
    GATEWAY_SOCKS_PORT: '0',
    GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
    // Tests flush when they want to look (gateway.flushUsage()).
    GATEWAY_FLUSH_INTERVAL_MS: '3600000',
    // Exits are checked at start, then when a test asks (gateway.checkExits()), against a
    // local target (global-setup.ts).
    GATEWAY_EXIT_CHECK_INTERVAL_MS: '60000',
    GATEWAY_EXIT_CHECK_TARGET: inject('exitCheckTarget'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });

export type TestGateway = Gateway & { database: DatabaseHandle; close: () => Promise<void> };

export const startTestGateway = async (
  overrides: Partial<Record<keyof RawGatewayEnv, string>> = {},
): Promise<TestGateway> => {
  const config = testGatewayConfig(overrides);
  const url = config.DATABASE_URL ?? databaseUrl();
  const database = createDatabase(url, 4);
  const gateway = await startGateway({
    config,
    db: database.db,
    databaseUrl: url,
    log: pino({ level: config.LOG_LEVEL }),
  });
  return Object.assign(gateway, {
    database,
    close: async () => {
      await gateway.stop();
      await database.close();
    },
  });
};

/** Whether something accepts TCP connections at host:port now (false: refused). */
export const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Polls `check` until it returns a value that is not undefined/false, or fails after `ms`. */
export const waitFor = async <T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 5_000,
): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/**
 * What an origin saw: bytes read and written on every TCP connection it accepted (closed or
 * still open), the peers' addresses, and how many of its connections are open now.
 */
export type OriginStats = {
  bytesRead: () => number;
  bytesWritten: () => number;
  peers: string[];
  openConnections: () => number;
};

const trackSockets = (server: net.Server): OriginStats => {
  const open = new Set<net.Socket>();
  let closedRead = 0;
  let closedWritten = 0;
  const peers: string[] = [];
  server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    peers.push(socket.remoteAddress ?? '');
    socket.on('close', () => {
      open.delete(socket);
      closedRead += socket.bytesRead;
      closedWritten += socket.bytesWritten;
    });
  });
  return {
    bytesRead: () => closedRead + [...open].reduce((sum, s) => sum + s.bytesRead, 0),
    bytesWritten: () => closedWritten + [...open].reduce((sum, s) => sum + s.bytesWritten, 0),
    peers,
    openConnections: () => open.size,
  };
};

export type Origin = OriginStats & { port: number; host: string; close: () => Promise<void> };

const ORIGIN_CHUNK = Buffer.alloc(64 * 1024, 0x61);

const SLOW_PIECE = ORIGIN_CHUNK.subarray(0, 16 * 1024);

/** N bytes at about 5 MB/s: a download that is still running when a test breaks something. */
const sendSlowly = (res: http.ServerResponse, size: number) => {
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size });
  let left = size;
  const timer = setInterval(() => {
    const piece = left >= SLOW_PIECE.length ? SLOW_PIECE : SLOW_PIECE.subarray(0, left);
    left -= piece.length;
    res.write(piece);
    if (left === 0) {
      clearInterval(timer);
      res.end();
    }
  }, 3);
  res.on('close', () => clearInterval(timer));
};

/**
 * GET /bytes/N answers N bytes; GET /slow/N the same at about 5 MB/s; anything else echoes the request (its head as received, its
 * body); every answer says who asked.
 */
const originHandler = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const match = /^\/bytes\/(\d+)/.exec(req.url ?? '');
  if (match) {
    sendBytes(res, Number(match[1]), ORIGIN_CHUNK);
    return;
  }
  const slow = /^\/slow\/(\d+)/.exec(req.url ?? '');
  if (slow) {
    sendSlowly(res, Number(slow[1]));
    return;
  }
  const parts: Buffer[] = [];
  req.on('data', (part: Buffer) => parts.push(part));
  req.on('end', () => {
    const body = JSON.stringify({
      peer: req.socket.remoteAddress,
      method: req.method,
      url: req.url,
      host: req.headers.host,
      proxyAuthorization: req.headers['proxy-authorization'] ?? null,
      rawHeaders: req.rawHeaders,
      body: Buffer.concat(parts).toString('utf8'),
    });
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
};

const listenOn = async (server: net.Server, host: string) => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as net.AddressInfo).port;
};

/** Starts `server` on a free port of `host`, counting what it reads and writes. */
const serveOrigin = async (server: http.Server, host: string): Promise<Origin> => {
  const stats = trackSockets(server);
  const port = await listenOn(server, host);
  return {
    ...stats,
    port,
    host,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export const startHttpOrigin = (host = '127.0.0.1') =>
  serveOrigin(http.createServer(originHandler), host);

let certificate: { key: Buffer; cert: Buffer } | null = null;

/** A throw-away self-signed certificate for 127.0.0.1 (openssl, once per test file). */
export const testCertificate = () => {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  certificate = {
    key: readFileSync(path.join(dir, 'key.pem')),
    cert: readFileSync(path.join(dir, 'cert.pem')),
  };
  return certificate;
};

export const startHttpsOrigin = (host = '127.0.0.1') =>
  serveOrigin(https.createServer(testCertificate(), originHandler), host);

export const basicAuth = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export type ProxyAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/**
 * An absolute-URI GET through a gateway port (at `host`, from `localAddress`), with or without
 * credentials.
 */
export const proxyGet = (
  port: number,
  url: string,
  options: { auth?: string; localAddress?: string; host?: string; timeoutMs?: number } = {},
) =>
  new Promise<ProxyAnswer>((resolve, reject) => {
    const request = http
      .get(
        {
          host: options.host ?? '127.0.0.1',
          port,
          path: url,
          localAddress: options.localAddress ?? '127.0.0.1',
          agent: false,
          headers: options.auth ? { 'Proxy-Authorization': options.auth } : {},
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        },
      )
      .on('error', reject);
    if (options.timeoutMs !== undefined)
      request.setTimeout(options.timeoutMs, () =>
        request.destroy(new Error(`no answer to ${url} within ${options.timeoutMs} ms`)),
      );
  });

/** The address the origin saw a request come from (its echo answer): which exit carried it. */
export const peerOf = (answer: { body: string }) =>
  (JSON.parse(answer.body) as { peer: string }).peer;

/** Sums the hourly usage rows of a package. */
export const usageOf = async (db: DatabaseHandle['db'], packageId: number) => {
  const row = await db
    .selectFrom('package_usage_hourly')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('bytes_up'), eb.lit(0)).as('up'),
      eb.fn.coalesce(eb.fn.sum<number>('bytes_down'), eb.lit(0)).as('down'),
    ])
    .where('package_id', '=', packageId)
    .executeTakeFirstOrThrow();
  return { up: Number(row.up), down: Number(row.down) };
};

/** Waits until the gateway has the package in its credential cache (NOTIFY reached it). */
export const waitForPackage = (gateway: Gateway, id: number) =>
  waitFor(() => gateway.cache.byId(id) !== undefined);

/** A new active package (see createPackage) that `gateway` already knows. */
export const addPackage = async (
  gateway: TestGateway,
  values?: Parameters<typeof createPackage>[1],
): Promise<TestPackage> => {
  const pkg = await createPackage(gateway.database.db, values);
  await waitForPackage(gateway, pkg.id);
  return pkg;
};

export type TestSubUser = { id: number; login: string; password: string };

/** A sub-user row as the API writes one: a fresh login, the password sealed under its purpose. */
export const createSubUser = async (
  db: DatabaseHandle['db'],
  packageId: number,
  values: Partial<Insertable<PackageSubUsers>> & { password?: string } = {},
): Promise<TestSubUser> => {
  const { password = alphanumeric(16), ...columns } = values;
  const login = columns.login ?? alphanumeric(20);
  const row = await db
    .insertInto('package_sub_users')
    .values({
      package_id: packageId,
      name: `client ${login.slice(0, 8)}`,
      password_encrypted: sealSecret(TEST_DATA_KEY, password, SECRET_PURPOSES.subUserPassword),
      ...columns,
      login,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, login, password };
};

/** A new live sub-user (see createSubUser) that `gateway` already knows. */
export const addSubUser = async (
  gateway: TestGateway,
  packageId: number,
  values?: Parameters<typeof createSubUser>[2],
): Promise<TestSubUser> => {
  const subUser = await createSubUser(gateway.database.db, packageId, values);
  await waitFor(() => gateway.subUsers.byId(subUser.id) !== undefined);
  return subUser;
};

export const updateSubUser = (
  db: DatabaseHandle['db'],
  id: number,
  values: Updateable<PackageSubUsers>,
) => db.updateTable('package_sub_users').set(values).where('id', '=', id).execute();

/** Sums the hourly usage rows of a sub-user. */
export const subUserUsageOf = async (db: DatabaseHandle['db'], subUserId: number) => {
  const row = await db
    .selectFrom('sub_user_usage_hourly')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('bytes_up'), eb.lit(0)).as('up'),
      eb.fn.coalesce(eb.fn.sum<number>('bytes_down'), eb.lit(0)).as('down'),
    ])
    .where('sub_user_id', '=', subUserId)
    .executeTakeFirstOrThrow();
  return { up: Number(row.up), down: Number(row.down) };
};

/** Closes each in turn (a gateway before the origin it talks to and the database it uses). */
export const closeAll = async (...items: { close: () => Promise<void> }[]) => {
  for (const item of items) await item.close();
};

/**
 * For a describe block whose gateway needs exits of its own (exits are global to a database):
 * before the block's tests, a database of its own (`openOwnDatabase(prefix)`) holding the rows
 * `exits()` gives (called then, so they may name what earlier hooks started), and a gateway on
 * it (with `overrides`) that has loaded them; closed and dropped after the block.
 */
export const useGatewayWithOwnExits = (
  prefix: string,
  exits: () => Insertable<GatewayExits>[],
  overrides: Partial<Record<keyof RawGatewayEnv, string>> = {},
) => {
  const own = {} as { database: DatabaseHandle; gateway: TestGateway; scratch: ScratchDatabase };
  beforeAll(async () => {
    Object.assign(own, await openOwnDatabase(prefix));
    const rows = exits();
    await own.database.db.insertInto('gateway_exits').values(rows).execute();
    own.gateway = await startTestGateway({ DATABASE_URL: own.scratch.url, ...overrides });
    // The gateway's own direct exit comes on top of the database's.
    await waitFor(() => own.gateway.exits.size === rows.length + 1);
  });
  afterAll(async () => {
    await closeAll(own.gateway, own.database);
    await own.scratch.drop();
  });
  return own;
};

/**
 * For a describe block whose tests start gateways of their own: a handle on the shared test
 * database at once, and an HTTP origin while the block's tests run (`shared.origin`).
 */
export const useDatabaseAndOrigin = () => {
  const shared = { database: openDatabase(), origin: undefined as unknown as Origin };
  beforeAll(async () => {
    shared.origin = await startHttpOrigin();
  });
  afterAll(() => closeAll(shared.origin, shared.database));
  return shared;
};

/** Runs `body` with a gateway of its own, closed afterwards whatever happens. */
export const withGateway = async <T>(
  overrides: Partial<Record<keyof RawGatewayEnv, string>>,
  body: (gateway: TestGateway) => Promise<T>,
): Promise<T> => {
  const gateway = await startTestGateway(overrides);
  try {
    return await body(gateway);
  } finally {
    await gateway.close();
  }
};

/**
 * For a describe block whose tests share one gateway (with `overrides`) and an HTTP origin:
 * both started before the block's tests (`fixture.gateway`, `fixture.origin`), closed after them.
 */
export const useGatewayAndOrigin = (
  overrides: Partial<Record<keyof RawGatewayEnv, string>> = {},
) => {
  const fixture = {} as { gateway: TestGateway; origin: Origin };
  beforeAll(async () => {
    fixture.gateway = await startTestGateway(overrides);
    fixture.origin = await startHttpOrigin();
  });
  afterAll(() => closeAll(fixture.gateway, fixture.origin));
  return fixture;
};

/** The same with one active package the gateway knows (`fixture.pkg`). */
export const useGatewayWithPackage = (
  overrides: Partial<Record<keyof RawGatewayEnv, string>> = {},
) => {
  const fixture = Object.assign(useGatewayAndOrigin(overrides), { pkg: {} as TestPackage });
  beforeAll(async () => {
    fixture.pkg = await addPackage(fixture.gateway);
  });
  return fixture;
};

/** `curl -sS <args> <url> -o /dev/null`: "<status> <bytes downloaded>". */
export const curlStatusAndSize = async (args: string[], url: string) =>
  (
    await run('curl', [
      '-sS',
      ...args,
      url,
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{size_download}',
    ])
  ).stdout;

/** An open SOCKS5 tunnel through the gateway (the `socks` client, RFC 1929 login). */
export const socksTunnel = async (
  gateway: Gateway,
  login: { login: string; password: string },
  destination: { host: string; port: number },
) =>
  (
    await SocksClient.createConnection({
      proxy: {
        host: '127.0.0.1',
        port: gateway.socksPort,
        type: 5,
        userId: login.login,
        password: login.password,
      },
      command: 'connect',
      destination,
      timeout: 10_000,
    })
  ).socket;

/** GET /bytes/size through a fresh SOCKS5 tunnel; resolves with the bytes received by the end. */
export const socksDownload = async (
  gateway: Gateway,
  login: { login: string; password: string },
  origin: Origin,
  size: number,
) => {
  const socket = await socksTunnel(gateway, login, { host: '127.0.0.1', port: origin.port });
  return new Promise<number>((resolve) => {
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    socket.write(`GET /bytes/${size} HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n`);
  });
};

/**
 * Raw bytes to a port (at `host`, from `localAddress`), the answer collected until the peer
 * closes (or `stopAfter` bytes arrived); `end` half-closes after writing.
 */
export const exchange = (
  port: number,
  bytes: string | Buffer,
  options: { end?: boolean; localAddress?: string; stopAfter?: number; host?: string } = {},
) =>
  new Promise<{ bytes: Buffer; text: string; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect({
      host: options.host ?? '127.0.0.1',
      port,
      localAddress: options.localAddress,
    });
    const parts: Buffer[] = [];
    let length = 0;
    socket.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      length += chunk.length;
      if (options.stopAfter !== undefined && length >= options.stopAfter) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const all = Buffer.concat(parts);
      resolve({ bytes: all, text: all.toString('latin1'), ms: Date.now() - started });
    });
    socket.write(bytes);
    if (options.end) socket.end();
  });
