/**
 * npm run bench:gateway: the gateway beside its peers on this machine, in one run.
 *
 * Every party runs in its own process on its own loopback address (TIME_WAIT spreads over
 * them): the origin on 127.0.0.2, our gateway on 127.0.0.3 (auth and metering on, then
 * metering off), proxy-chain 3 on 127.0.0.4, tinyproxy on 127.0.0.5, squid on 127.0.0.6, and
 * the SOCKS5 peers dante (danted) on 127.0.0.7 and microsocks on 127.0.0.8, each when installed
 * (BENCH_INSTALL_PEERS=1 installs them with apt-get). HTTP figures: bulk MB/s of a large
 * download (curl, plain and through CONNECT), small requests per second over keep-alive (wrk,
 * absolute-URI requests with Proxy-Authorization), new CONNECT tunnels per second. SOCKS5
 * figures (the gateway's SOCKS5 port, dante, microsocks): bulk MB/s of the same download (curl
 * --socks5), small requests per second inside kept-open SOCKS5 tunnels (socks-load.ts), new
 * SOCKS5 tunnels per second. For the gateway also the memory of idle tunnels and its open files
 * after a soak of tunnels.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  createDatabase,
  createScratchDatabase,
  migrate,
  sealSecret,
  SECRET_PURPOSES,
} from '@proxy/db';
import {
  GREETING,
  socksMessages,
  socksStep,
  type SocksMessages,
  type SocksStage,
} from './socks-client.ts';
import { insertUser } from './user-row.ts';

const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '../../..');
const KEY_HEX = randomBytes(32).toString('hex');
const LOGIN = `bench${randomBytes(8).toString('hex')}`.slice(0, 20);
const PASSWORD = randomBytes(12).toString('hex');
const AUTH = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;

const BULK_BYTES = Number(process.env.BENCH_BULK_BYTES ?? 2 * 1024 ** 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const IDLE_TUNNELS = Number(process.env.BENCH_IDLE_TUNNELS ?? 9_000);
const SOAK_TUNNELS = Number(process.env.BENCH_SOAK_TUNNELS ?? 100_000);
/** Where the idle gateway writes its memory readings (see memoryOf). */
const MEMORY_FILE = path.join(mkdtempSync(path.join(tmpdir(), 'gateway-bench-')), 'memory.json');

type Party = {
  name: string;
  host: string;
  /** The HTTP proxy port (for a SOCKS5-only peer, its SOCKS5 port). */
  port: number;
  /** The SOCKS5 port, for a party that speaks SOCKS5. */
  socksPort?: number;
  pid: number;
  stop: () => Promise<void>;
};

const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const freePort = (host: string) =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Spawns a process and waits for `ready <port>` (or the given pattern) on its stdout; a second
 * group of the pattern, if any, is the party's SOCKS5 port.
 */
const spawnReady = (
  name: string,
  host: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  ready = /ready (\d+)/,
) =>
  new Promise<Party>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match)
        resolve({
          name,
          host,
          port: Number(match[1]),
          ...(match[2] === undefined ? {} : { socksPort: Number(match[2]) }),
          pid: child.pid ?? 0,
          stop: async () => {
            if (child.exitCode !== null) return;
            const exited = new Promise((done) => child.once('exit', done));
            child.kill('SIGTERM');
            await exited;
          },
        });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before ready`)));
  });

const nodeScript = (
  file: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
) => [process.execPath, [...nodeArgs, path.resolve(HERE, file), ...args], env] as const;

/**
 * GATEWAY_WORKERS of the gateway under test (decision 101), one or a list (`1,2`: each count is
 * measured in the same run, the soak with the first).
 */
const GATEWAY_WORKER_COUNTS = (process.env.BENCH_GATEWAY_WORKERS ?? '1').split(',').map(Number);
/**
 * Extra Node flags for the gateway process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`; several
 * sets separated by `|` (`|--single-threaded-gc`: without, then with) are each measured in the
 * same run, the party's name stating its flags. The soak runs with the first set.
 */
const GATEWAY_NODE_ARG_SETS = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '')
  .split('|')
  .map((set) => set.split(' ').filter(Boolean));
/**
 * The gateway's entry point, or several separated by `|` to compare builds in one run (e.g. a
 * copy of src/ from an earlier commit inside the repository, so its imports resolve): each is
 * measured with each flag set, named by its path.
 */
const GATEWAY_ENTRIES = (process.env.BENCH_GATEWAY_ENTRIES ?? '../src/server.ts').split('|');

// ---------------------------------------------------------------------------------- figures

/**
 * MB/s of one download, `via` a proxy (curl's options: `-x URL`, with `-p` through CONNECT, or
 * `--socks5 HOST:PORT --proxy-user LOGIN:PASSWORD`; none: direct); anything but a whole 200
 * answer (a 407, a refused SOCKS5 login, a cut) fails the run.
 */
const curlSpeed = async (url: string, via: string[]) => {
  const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{speed_download}'];
  const { stdout } = await run('curl', [...args, ...via, url], { maxBuffer: 1 << 20 });
  const [status, size, speed] = stdout.trim().split(' ');
  if (status !== '200' || Number(size) !== BULK_BYTES)
    throw new Error(`curl ${url} via ${via.join(' ')}: status ${status}, ${size} bytes`);
  return Number(speed) / 1e6;
};

const bestOf = async (times: number, measure: () => Promise<number>) => {
  let best = 0;
  for (let i = 0; i < times; i += 1) best = Math.max(best, await measure());
  return best;
};

const wrkRequests = async (target: string, proxied: boolean, originUrl: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'proxy.lua');
  writeFileSync(
    script,
    proxied
      ? `wrk.path = "${originUrl}"\nwrk.headers["Proxy-Authorization"] = "${AUTH}"\n`
      : `wrk.path = "/small"\n`,
  );
  const { stdout } = await run('wrk', ['-t1', '-c64', `-d${SECONDS}s`, '-s', script, target]);
  const match = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const count = /(\d+) requests in/.exec(stdout);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  if (errors) throw new Error(`wrk through ${target}: ${errors[1]} failed responses`);
  return { rate: match ? Number(match[1]) : 0, count: count ? Number(count[1]) : 0 };
};

/**
 * Small requests inside 64 kept-open SOCKS5 tunnels of the party (socks-load.ts, its own
 * process like wrk; `party` null: the same client straight to the origin, its own ceiling).
 */
const socksRequests = async (party: Party | null, origin: Party) => {
  const { stdout } = await run(process.execPath, [
    path.join(HERE, 'socks-load.ts'),
    party?.host ?? '127.0.0.1',
    String(party?.socksPort ?? 0),
    LOGIN,
    PASSWORD,
    origin.host,
    String(origin.port),
    '64',
    String(SECONDS),
  ]);
  const result = JSON.parse(stdout.trim()) as { requests: number; seconds: number; errors: number };
  if (result.errors > 0)
    throw new Error(`socks-load through ${party?.name ?? 'nothing'}: ${result.errors} errors`);
  return { rate: result.requests / result.seconds, count: result.requests };
};

/** Loopback sources for client sockets, so TIME_WAIT does not run out of ports. */
const sources = Array.from(
  { length: 50 },
  (_, i) => `127.0.${10 + Math.floor(i / 250)}.${(i % 250) + 1}`,
);
let sourceTurn = 0;
const nextSource = () => sources[sourceTurn++ % sources.length] as string;

/** One CONNECT tunnel (or a direct connection): open, one small request, close. */
const oneTunnel = (party: Party | null, origin: Party, hold = false) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({
      host: party ? party.host : origin.host,
      port: party ? party.port : origin.port,
      localAddress: nextSource(),
    });
    let stage = party ? 'connect' : 'request';
    let text = '';
    socket.setNoDelay(true);
    socket.on('error', reject);
    const request = () => {
      stage = 'request';
      socket.write(`GET /small HTTP/1.1\r\nHost: o\r\n${hold ? '' : 'Connection: close\r\n'}\r\n`);
    };
    socket.on('connect', () => {
      if (party)
        socket.write(
          `CONNECT ${origin.host}:${origin.port} HTTP/1.1\r\nHost: ${origin.host}:${origin.port}\r\n` +
            `Proxy-Authorization: ${AUTH}\r\n\r\n`,
        );
      else request();
    });
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (stage === 'connect') {
        const end = text.indexOf('\r\n\r\n');
        if (end === -1) return;
        if (!/^HTTP\/1\.[01] 200/.test(text)) {
          socket.destroy();
          reject(new Error(`CONNECT refused: ${text.slice(0, 40)}`));
          return;
        }
        text = text.slice(end + 4);
        request();
      }
      if (stage === 'request' && text.endsWith('hello, world\n')) {
        if (hold) resolve(socket);
        else socket.end();
      }
    });
    socket.on('close', () => resolve(socket));
  });

const SMALL_AND_CLOSE = Buffer.from('GET /small HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n');

/**
 * One SOCKS5 tunnel: connect, greeting, login (when the proxy asks for one), CONNECT, one small
 * request, close; a refusal at any step, or a close before the whole answer, fails the run.
 */
const oneSocksTunnel = (party: Party, messages: SocksMessages) =>
  new Promise<void>((resolve, reject) => {
    const socket = net.connect({
      host: party.host,
      port: party.socksPort ?? 0,
      localAddress: nextSource(),
    });
    let stage: SocksStage = 'method';
    let handshake: Buffer = Buffer.alloc(0);
    let text = '';
    let answered = false;
    socket.setNoDelay(true);
    socket.on('error', reject);
    socket.on('connect', () => socket.write(GREETING));
    socket.on('data', (chunk: Buffer) => {
      let rest: Buffer = chunk;
      if (stage !== 'open') {
        handshake = handshake.length === 0 ? chunk : Buffer.concat([handshake, chunk]);
        let offset = 0;
        try {
          while (stage !== 'open') {
            const step = socksStep(stage, handshake, offset, handshake.length, messages);
            if (step.taken === 0) break;
            offset += step.taken;
            stage = step.stage;
            if (step.send) socket.write(step.send);
          }
        } catch (error) {
          socket.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        rest = handshake.subarray(offset);
        handshake = rest;
        if (stage !== 'open') return;
        socket.write(SMALL_AND_CLOSE);
      }
      text += rest.toString('latin1');
      if (text.endsWith('hello, world\n')) {
        answered = true;
        socket.end();
      }
    });
    socket.on('close', () =>
      answered ? resolve() : reject(new Error(`${party.name}: SOCKS5 tunnel closed unanswered`)),
    );
  });

/** `open` (one whole tunnel) from 32 clients at once, until `total` or `seconds` are reached. */
const tunnelsPerSecond = async (open: () => Promise<unknown>, total: number, seconds: number) => {
  const started = Date.now();
  let done = 0;
  const worker = async () => {
    while (done < total && Date.now() - started < seconds * 1000) {
      await open();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return { rate: done / ((Date.now() - started) / 1000), count: done };
};

/** The process and its children (squid's helpers, the gateway's workers), alive now. */
const processTree = (pid: number): number[] => {
  const tree = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : [])
        tree.push(...processTree(Number(child)));
    }
  } catch {
    // The process ended meanwhile.
  }
  return tree;
};
/**
 * CPU seconds (user + system) the process tree has used so far: its live members' own, and
 * what their children that ended have used (cutime and cstime: dante's and squid's children
 * can come and go while a figure runs).
 */
const cpuSeconds = (pid: number) => {
  let ticks = 0;
  for (const member of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${member}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks / 100;
};
/** Socket inodes of the TCP connections to `port` on this machine (from /proc/net/tcp*). */
const connectionsToPort = (port: number) => {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      const remotePort = fields[2]?.split(':')[1];
      if (remotePort !== undefined && parseInt(remotePort, 16) === port && fields[9])
        inodes.add(fields[9]);
    }
  }
  return inodes;
};
/**
 * Open files of the process tree, without its connections to `databasePort`: the database
 * pool opens and closes those on its own (2 or 3 of them, whatever the tunnels did).
 */
const openFiles = (pid: number, databasePort: number) => {
  const database = connectionsToPort(databasePort);
  let count = 0;
  for (const member of processTree(pid))
    for (const fd of readdirSync(`/proc/${member}/fd`)) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${member}/fd/${fd}`);
      } catch {
        continue;
      }
      if (!database.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '')) count += 1;
    }
  return count;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------- peers

const hasCommand = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The peers' Debian packages and the binary each installs. */
const PEER_PACKAGES = [
  { name: 'tinyproxy', binary: 'tinyproxy' },
  { name: 'squid', binary: 'squid' },
  { name: 'dante-server', binary: 'danted' },
  { name: 'microsocks', binary: 'microsocks' },
];

const ensurePeers = () => {
  const missing = PEER_PACKAGES.filter(
    ({ binary }) => !hasCommand(binary) && !hasCommand(`/usr/sbin/${binary}`),
  ).map(({ name }) => name);
  if (missing.length === 0 || process.env.BENCH_INSTALL_PEERS !== '1') return;
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
  });
};

/**
 * Runs an installed peer proxy (`command` in the foreground) that says nothing when it is ready:
 * it is given `startMs` to listen, and `stopMs` after SIGTERM to let go of its port.
 */
const spawnPeer = async (
  name: string,
  host: string,
  port: number,
  [binary, ...args]: [string, ...string[]],
  { startMs, stopMs }: { startMs: number; stopMs: number },
): Promise<Party> => {
  const child = spawn(binary, args, { stdio: 'ignore' });
  children.push(child);
  await sleep(startMs);
  return {
    name,
    host,
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await sleep(stopMs);
    },
  };
};

const startTinyproxy = async (origin: Party): Promise<Party | null> => {
  const binary = hasCommand('tinyproxy') ? 'tinyproxy' : '/usr/sbin/tinyproxy';
  if (!hasCommand(binary)) return null;
  const host = '127.0.0.5';
  const port = await freePort(host);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-tinyproxy-'));
  const conf = path.join(dir, 'tinyproxy.conf');
  writeFileSync(
    conf,
    [
      `Port ${port}`,
      `Listen ${host}`,
      'Timeout 600',
      'MaxClients 10000',
      'LogLevel Critical',
      `BasicAuth ${LOGIN} ${PASSWORD}`,
      `ConnectPort ${origin.port}`,
      'DisableViaHeader Yes',
    ].join('\n'),
  );
  return spawnPeer('tinyproxy', host, port, [binary, '-d', '-c', conf], {
    startMs: 500,
    stopMs: 100,
  });
};

const startSquid = async (origin: Party): Promise<Party | null> => {
  const binary = hasCommand('squid') ? 'squid' : '/usr/sbin/squid';
  const helper = '/usr/lib/squid/basic_ncsa_auth';
  if (!hasCommand(binary) || !hasCommand(helper)) return null;
  const host = '127.0.0.6';
  const port = await freePort(host);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-squid-'));
  // Run as root, squid and its auth helper drop to the `proxy` user: they must read these.
  chmodSync(dir, 0o755);
  const passwords = path.join(dir, 'passwd');
  const salt = randomBytes(4).toString('hex');
  const hash = execFileSync('openssl', ['passwd', '-apr1', '-salt', salt, PASSWORD])
    .toString()
    .trim();
  writeFileSync(passwords, `${LOGIN}:${hash}\n`, { mode: 0o644 });
  const conf = path.join(dir, 'squid.conf');
  writeFileSync(
    conf,
    [
      `http_port ${host}:${port}`,
      `auth_param basic program ${helper} ${passwords}`,
      'auth_param basic children 5',
      'auth_param basic credentialsttl 1 hour',
      'acl authed proxy_auth REQUIRED',
      `acl origin_port port ${origin.port}`,
      'acl CONNECT method CONNECT',
      'http_access allow authed',
      'http_access deny all',
      'cache deny all',
      'cache_mem 8 MB',
      'access_log none',
      `cache_log ${path.join(dir, 'cache.log')}`,
      `pid_filename ${path.join(dir, 'squid.pid')}`,
      `coredump_dir ${dir}`,
      'forwarded_for delete',
      'via off',
      'max_filedescriptors 20000',
      'workers 1',
      // What an operator of a forward proxy turns off: ICMP probing, the per-client table,
      // and the 30 s wait for open connections at stop.
      'pinger_enable off',
      'client_db off',
      'shutdown_lifetime 1 second',
    ].join('\n'),
  );
  return spawnPeer('squid', host, port, [binary, '-N', '-f', conf], {
    startMs: 2_000,
    stopMs: 500,
  });
};

/**
 * dante's server with its own config: SOCKS5 on 127.0.0.7, outgoing from 127.0.0.1, CONNECT to
 * the origin only, nothing logged but errors. It authenticates no one (`socksmethod: none`):
 * its `username` method checks the login against the system's password database, which would
 * need a Unix account with the package's password, and the bench creates nothing outside its
 * temp directories. So its new-tunnel figure skips the login round trip the others make.
 */
const startDante = async (origin: Party): Promise<Party | null> => {
  const binary = hasCommand('danted') ? 'danted' : '/usr/sbin/danted';
  if (!hasCommand(binary)) return null;
  const host = '127.0.0.7';
  const port = await freePort(host);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-dante-'));
  const conf = path.join(dir, 'danted.conf');
  writeFileSync(
    conf,
    [
      `logoutput: ${path.join(dir, 'danted.log')}`,
      `internal: ${host} port = ${port}`,
      'external: 127.0.0.1',
      'clientmethod: none',
      'socksmethod: none',
      // Run as root it must be told whom to run as (it drops to the unprivileged user).
      ...(process.getuid?.() === 0 ? ['user.privileged: root', 'user.unprivileged: nobody'] : []),
      'client pass {',
      '  from: 127.0.0.0/8 to: 0.0.0.0/0',
      '}',
      'socks pass {',
      `  from: 127.0.0.0/8 to: ${origin.host}/32 port = ${origin.port}`,
      '  command: connect',
      '}',
    ].join('\n') + '\n',
  );
  const peer = await spawnPeer(
    'dante',
    host,
    port,
    [binary, '-f', conf, '-p', path.join(dir, 'danted.pid'), '-N', '1'],
    { startMs: 1_000, stopMs: 500 },
  );
  return { ...peer, socksPort: port };
};

/** microsocks (one thread per client) on 127.0.0.8 with the package's login (RFC 1929). */
const startMicrosocks = async (): Promise<Party | null> => {
  const binary = hasCommand('microsocks') ? 'microsocks' : '/usr/bin/microsocks';
  if (!hasCommand(binary)) return null;
  const host = '127.0.0.8';
  const port = await freePort(host);
  const peer = await spawnPeer(
    'microsocks',
    host,
    port,
    [binary, '-i', host, '-p', String(port), '-u', LOGIN, '-P', PASSWORD],
    { startMs: 300, stopMs: 100 },
  );
  return { ...peer, socksPort: port };
};

// ---------------------------------------------------------------------------------- main

type Row = {
  name: string;
  bulk: number;
  bulkConnect: number;
  small: number;
  tunnels: number;
  socksBulk: number;
  socksSmall: number;
  socksTunnels: number;
  /** The party's own CPU per unit of work: the figure that holds on a busy machine. */
  cpuMsPerGb: number;
  cpuUsPerRequest: number;
  cpuUsPerTunnel: number;
  cpuMsPerGbSocks: number;
  cpuUsPerRequestSocks: number;
  cpuUsPerTunnelSocks: number;
};

const HTTP_FIGURES = ['bulk', 'small', 'tunnels'] as const;
const SOCKS_FIGURES = ['socks-bulk', 'socks-small', 'socks-tunnels'] as const;
type Figure = (typeof HTTP_FIGURES)[number] | (typeof SOCKS_FIGURES)[number];
const isSocksFigure = (figure: Figure) => figure.startsWith('socks-');

/** BENCH_FIGURES=bulk,small,tunnels,socks-bulk,socks-small,socks-tunnels picks figures. */
const FIGURES = new Set(
  (process.env.BENCH_FIGURES ?? [...HTTP_FIGURES, ...SOCKS_FIGURES].join(',')).split(','),
);

type Measured = Partial<Omit<Row, 'name'>>;

/**
 * Rounds of the whole table (BENCH_ROUNDS, default 1): each figure is taken for every party
 * before the next figure, and the rounds repeat that, so a party is never measured in a quieter
 * or busier minute than its peers on a shared machine; each cell is the median of the rounds.
 * The order of the parties rotates by one each round.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));

/**
 * One figure of one party (`party` null: direct to the origin, with the same client), with the
 * party's own CPU.
 */
const measureFigure = async (
  party: Party | null,
  origin: Party,
  figure: Figure,
): Promise<Measured> => {
  const proxy = party ? `http://${LOGIN}:${PASSWORD}@${party.host}:${party.port}` : null;
  const big = `http://${origin.host}:${origin.port}/bytes/${BULK_BYTES}`;
  const small = `http://${origin.host}:${origin.port}/small`;
  /** Runs the work; its CPU seconds in the party's processes per unit (NaN for direct). */
  const cpuOf = async <T>(work: () => Promise<T>) => {
    const before = party ? cpuSeconds(party.pid) : Number.NaN;
    const result = await work();
    return { result, cpu: party ? cpuSeconds(party.pid) - before : Number.NaN };
  };
  const gigabytes = (downloads: number) => (downloads * BULK_BYTES) / 1024 ** 3;
  if (figure === 'bulk') {
    const plain = await cpuOf(() => bestOf(3, () => curlSpeed(big, proxy ? ['-x', proxy] : [])));
    if (!party) return { bulk: plain.result };
    const tunnelled = await cpuOf(() => bestOf(3, () => curlSpeed(big, ['-x', proxy ?? '', '-p'])));
    return {
      bulk: plain.result,
      bulkConnect: tunnelled.result,
      cpuMsPerGb: ((plain.cpu + tunnelled.cpu) * 1000) / gigabytes(6),
    };
  }
  if (figure === 'small') {
    const target = party
      ? `http://${party.host}:${party.port}/`
      : `http://${origin.host}:${origin.port}/`;
    const { result, cpu } = await cpuOf(() => wrkRequests(target, party !== null, small));
    return { small: result.rate, cpuUsPerRequest: (cpu * 1e6) / result.count };
  }
  if (figure === 'tunnels') {
    const { result, cpu } = await cpuOf(() =>
      tunnelsPerSecond(() => oneTunnel(party, origin), Number.MAX_SAFE_INTEGER, SECONDS),
    );
    return { tunnels: result.rate, cpuUsPerTunnel: (cpu * 1e6) / result.count };
  }
  if (figure === 'socks-bulk') {
    const via = party
      ? ['--socks5', `${party.host}:${party.socksPort}`, '--proxy-user', `${LOGIN}:${PASSWORD}`]
      : [];
    const { result, cpu } = await cpuOf(() => bestOf(3, () => curlSpeed(big, via)));
    return { socksBulk: result, cpuMsPerGbSocks: (cpu * 1000) / gigabytes(3) };
  }
  if (figure === 'socks-small') {
    const { result, cpu } = await cpuOf(() => socksRequests(party, origin));
    return { socksSmall: result.rate, cpuUsPerRequestSocks: (cpu * 1e6) / result.count };
  }
  const messages = socksMessages({ user: LOGIN, password: PASSWORD }, origin.host, origin.port);
  const { result, cpu } = await cpuOf(() =>
    tunnelsPerSecond(
      party ? () => oneSocksTunnel(party, messages) : () => oneTunnel(null, origin),
      Number.MAX_SAFE_INTEGER,
      SECONDS,
    ),
  );
  return { socksTunnels: result.rate, cpuUsPerTunnelSocks: (cpu * 1e6) / result.count };
};

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((x, y) => x - y);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The row of a party from its rounds: the median of each cell. */
const rowOf = (name: string, measured: Measured[]): Row => {
  const cell = (key: keyof Measured) => median(measured.map((m) => m[key] ?? Number.NaN));
  return {
    name,
    bulk: cell('bulk'),
    bulkConnect: cell('bulkConnect'),
    small: cell('small'),
    tunnels: cell('tunnels'),
    socksBulk: cell('socksBulk'),
    socksSmall: cell('socksSmall'),
    socksTunnels: cell('socksTunnels'),
    cpuMsPerGb: cell('cpuMsPerGb'),
    cpuUsPerRequest: cell('cpuUsPerRequest'),
    cpuUsPerTunnel: cell('cpuUsPerTunnel'),
    cpuMsPerGbSocks: cell('cpuMsPerGbSocks'),
    cpuUsPerRequestSocks: cell('cpuUsPerRequestSocks'),
    cpuUsPerTunnelSocks: cell('cpuUsPerTunnelSocks'),
  };
};

const startGatewayProcess = async (
  databaseUrl: string,
  metering: boolean,
  workerCount: number,
  nodeArgs: string[] = GATEWAY_NODE_ARG_SETS[0] ?? [],
  entry: string = GATEWAY_ENTRIES[0] ?? '../src/server.ts',
) => {
  const host = '127.0.0.3';
  const [command, args, env] = nodeScript(
    entry,
    [],
    {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_ENCRYPTION_KEY: KEY_HEX,
      GATEWAY_HOST: host,
      GATEWAY_HTTP_PORT: String(await freePort(host)),
      GATEWAY_SOCKS_PORT: String(await freePort(host)),
      GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
      GATEWAY_METERING: metering ? 'true' : 'false',
      // The idle-tunnel figure holds thousands of tunnels of one package.
      GATEWAY_CONNECTION_LIMITS: 'unlim=1000000',
      GATEWAY_WORKERS: String(workerCount),
      LOG_LEVEL: 'warn',
      // Where collect-garbage.mjs writes (only a process started with it reads this).
      BENCH_MEMORY_FILE: MEMORY_FILE,
    },
    nodeArgs,
  );
  const workers = workerCount > 1 ? `, ${workerCount} workers` : '';
  const flags =
    (GATEWAY_ENTRIES.length > 1 ? ` ${entry}` : '') +
    (GATEWAY_NODE_ARG_SETS.length > 1 ? ` [${nodeArgs.join(' ') || 'no flags'}]` : '');
  return spawnReady(
    (metering
      ? `gateway${workers ? ` (${workers.slice(2)})` : ''}`
      : `gateway (metering off${workers})`) + flags,
    host,
    command,
    [...args],
    env,
    // The banner names both ports: HTTP, then SOCKS5.
    /Proxy gateway: curl -x http:\/\/LOGIN:PASSWORD@[^:]+:(\d+) \S+ \(SOCKS5 on [^:]+:(\d+)/,
  );
};

/**
 * V8's memory reducer collects garbage some seconds after allocation slows down: both readings
 * wait for it, or the heap left by the figures before (or by opening the tunnels) is measured.
 */
const SETTLE_MS = 10_000;
const STARTUP_SETTLE_MS = 30_000;

/**
 * The gateway process whose idle tunnels are measured is started with these Node flags: on
 * SIGUSR2 it collects its garbage and writes its memory to BENCH_MEMORY_FILE
 * (collect-garbage.mjs, preloaded for the benchmark only).
 */
const IDLE_GATEWAY_NODE_ARGS = ['--expose-gc', '--import', path.join(HERE, 'collect-garbage.mjs')];

/**
 * The process's memory after a full garbage collection: resident, and live (what its objects
 * and native allocations take: resident anonymous memory less the JS heap's resident pages,
 * plus what its objects use of them, so without the room V8 keeps ahead of them).
 */
const memoryOf = async (pid: number) => {
  process.kill(pid, 'SIGUSR2');
  await sleep(2_000);
  const reading = JSON.parse(readFileSync(MEMORY_FILE, 'utf8')) as {
    residentMb: number;
    anonymousMb: number;
    heapResidentMb: number;
    heapUsedMb: number;
  };
  return {
    residentMb: reading.residentMb,
    liveMb: reading.anonymousMb - reading.heapResidentMb + reading.heapUsedMb,
  };
};

/**
 * Idle tunnels' memory is read as a slope: the process's memory with a third of them open and
 * with all of them, per tunnel added in between, after a full garbage collection each time. A
 * difference of resident memory against the fresh process measured V8's and malloc's timing
 * instead (pages the start had committed and freed, which the first tunnels fill without
 * growing the process): once tunnels got light it came out anywhere from -32 to +16 MB for one
 * build. Readings start once a fresh process has given back what its start left (see below);
 * live memory leaves out the heap room V8 decides to keep, which resident memory still shows.
 */
const idleAndSoak = async (party: Party, origin: Party, databasePort: number) => {
  // A fresh process gives back memory in its first seconds (V8 settling; measured every 3 s
  // after a full GC): readings start after that.
  await sleep(STARTUP_SETTLE_MS);
  const baseFiles = openFiles(party.pid, databasePort);
  const held: net.Socket[] = [];
  const holdUpTo = async (count: number) => {
    while (held.length < count)
      held.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, count - held.length) }, () =>
            oneTunnel(party, origin, true),
          ),
        )),
      );
    await sleep(SETTLE_MS);
    return memoryOf(party.pid);
  };
  const third = Math.round(IDLE_TUNNELS / 3);
  const atThird = await holdUpTo(third);
  const atAll = await holdUpTo(IDLE_TUNNELS);
  const per10k = (mb: number) => (mb / (IDLE_TUNNELS - third)) * 10_000;
  for (const socket of held) socket.destroy();
  await sleep(2_000);
  const soakStarted = Date.now();
  await tunnelsPerSecond(() => oneTunnel(party, origin), SOAK_TUNNELS, 3_600);
  const soakSeconds = (Date.now() - soakStarted) / 1000;
  await sleep(3_000);
  return {
    name: party.name,
    idleTunnels: IDLE_TUNNELS,
    idleFrom: third,
    idleLiveMbPer10k: per10k(atAll.liveMb - atThird.liveMb),
    idleResidentMbPer10k: per10k(atAll.residentMb - atThird.residentMb),
    soakTunnels: SOAK_TUNNELS,
    soakSeconds,
    filesBefore: baseFiles,
    filesAfter: openFiles(party.pid, databasePort),
  };
};

const main = async () => {
  ensurePeers();
  const scratch = await createScratchDatabase({
    serverUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.join(REPO_ROOT, 'data'),
    prefix: 'gateway_bench',
  });
  try {
    await migrate(scratch.url);
    const database = createDatabase(scratch.url, 1);
    const key = Buffer.from(KEY_HEX, 'hex');
    const userId = await insertUser(database.db, { key, name: 'bench', emailPrefix: 'bench' });
    await database.db
      .insertInto('packages')
      .values({
        user_id: userId,
        type: 'unlim',
        tariff: '{}',
        price_cents: 1,
        status: 'active',
        package_key: randomBytes(16).toString('hex'),
        login: LOGIN,
        password_encrypted: sealSecret(key, PASSWORD, SECRET_PURPOSES.packagePassword),
      })
      .execute();
    await database.close();

    const [oc, oa, oe] = nodeScript('origin.ts', ['127.0.0.2', '0']);
    const origin = await spawnReady('origin', '127.0.0.2', oc, [...oa], oe);
    /** Who is measured, and over which protocols (direct: both, with the same clients). */
    const contenders: { party: Party | null; name: string; http: boolean; socks: boolean }[] = [
      { party: null, name: 'direct to the origin', http: true, socks: true },
    ];

    const only = process.env.BENCH_ONLY?.split(',');
    const wanted = (name: string) => !only || only.includes(name);
    let extra: Awaited<ReturnType<typeof idleAndSoak>> | null = null;
    // Idle memory and the soak on a gateway process of their own (one worker: one heap to
    // collect before each reading, see memoryOf).
    if (wanted('gateway') && process.env.BENCH_SOAK !== '0') {
      const gateway = await startGatewayProcess(scratch.url, true, 1, IDLE_GATEWAY_NODE_ARGS);
      extra = await idleAndSoak(gateway, origin, Number(new URL(scratch.url).port || 5432));
      await gateway.stop();
    }
    // Every party runs from here to the end (idle while the others are measured).
    for (const workerCount of GATEWAY_WORKER_COUNTS)
      for (const metering of [true, false])
        for (const nodeArgs of GATEWAY_NODE_ARG_SETS)
          for (const entry of GATEWAY_ENTRIES) {
            if (!wanted(metering ? 'gateway' : 'gateway-off')) continue;
            const gateway = await startGatewayProcess(
              scratch.url,
              metering,
              workerCount,
              nodeArgs,
              entry,
            );
            contenders.push({ party: gateway, name: gateway.name, http: true, socks: true });
          }
    if (wanted('proxy-chain')) {
      const [pc, pa, pe] = nodeScript('proxy-chain.ts', ['127.0.0.4', '0', LOGIN, PASSWORD]);
      const chain = await spawnReady('proxy-chain', '127.0.0.4', pc, [...pa], pe);
      contenders.push({ party: chain, name: 'proxy-chain 3', http: true, socks: false });
    }
    // Peers not installed are left out (BENCH_INSTALL_PEERS=1 installs them).
    const peers = [
      { name: 'tinyproxy', start: () => startTinyproxy(origin), http: true },
      { name: 'squid', start: () => startSquid(origin), http: true },
      { name: 'dante', start: () => startDante(origin), http: false },
      { name: 'microsocks', start: startMicrosocks, http: false },
    ];
    for (const { name, start, http } of peers) {
      if (!wanted(name)) continue;
      const peer = await start();
      if (peer) contenders.push({ party: peer, name: peer.name, http, socks: !http });
    }

    const measured = contenders.map((): Measured[] => []);
    const figures = [...HTTP_FIGURES, ...SOCKS_FIGURES].filter((figure) => FIGURES.has(figure));
    for (let round = 1; round <= ROUNDS; round += 1)
      for (const figure of figures) {
        // Only the parties that speak the figure's protocol (direct: the same clients without).
        const able = contenders
          .map((contender, index) => ({ contender, index }))
          .filter(({ contender }) => (isSocksFigure(figure) ? contender.socks : contender.http));
        // Each round starts one party later, so no party always follows the same one (the
        // connections a party leaves in TIME_WAIT weigh on whoever comes next).
        for (let turn = 0; turn < able.length; turn += 1) {
          const { contender, index } = able[
            (turn + round - 1) % able.length
          ] as (typeof able)[number];
          const result = await measureFigure(contender.party, origin, figure);
          measured[index]?.push(result);
          process.stdout.write(
            `${JSON.stringify({ round, figure, name: contender.name, ...result })}\n`,
          );
        }
      }
    for (const contender of contenders) await contender.party?.stop();
    const rowsOf = (speaks: (contender: (typeof contenders)[number]) => boolean) =>
      contenders.flatMap((contender, index) =>
        speaks(contender) ? [rowOf(contender.name, measured[index] ?? [])] : [],
      );
    const httpRows = rowsOf((contender) => contender.http);
    const socksRows = rowsOf((contender) => contender.socks);
    await origin.stop();

    const format = (value: number, digits = 0) =>
      Number.isNaN(value) ? '-' : value.toFixed(digits);
    const proxies = (list: Row[]) => list.filter((row) => row.name !== 'direct to the origin');
    const cpuNote =
      "The party's own CPU (user + system, its processes) per unit of work; lower is better:";
    const lines: string[] = [];
    // Each protocol's tables when one of its figures was taken.
    if (HTTP_FIGURES.some((figure) => FIGURES.has(figure)))
      lines.push(
        '| party | bulk MB/s (plain) | bulk MB/s (CONNECT) | small req/s (keep-alive) | new CONNECT tunnels/s |',
        '| --- | ---: | ---: | ---: | ---: |',
        ...httpRows.map(
          (row) =>
            `| ${row.name} | ${format(row.bulk)} | ${format(row.bulkConnect)} | ${format(row.small)} | ${format(row.tunnels)} |`,
        ),
        '',
        cpuNote,
        '',
        '| party | CPU ms per GB (bulk) | CPU µs per small request | CPU µs per new tunnel |',
        '| --- | ---: | ---: | ---: |',
        ...proxies(httpRows).map(
          (row) =>
            `| ${row.name} | ${format(row.cpuMsPerGb)} | ${format(row.cpuUsPerRequest)} | ${format(row.cpuUsPerTunnel)} |`,
        ),
      );
    if (SOCKS_FIGURES.some((figure) => FIGURES.has(figure)))
      lines.push(
        ...(lines.length > 0 ? [''] : []),
        'SOCKS5 (direct to the origin: the same clients without a proxy):',
        '',
        '| party | bulk MB/s (SOCKS5) | small req/s (SOCKS5, keep-alive) | new SOCKS5 tunnels/s |',
        '| --- | ---: | ---: | ---: |',
        ...socksRows.map(
          (row) =>
            `| ${row.name} | ${format(row.socksBulk)} | ${format(row.socksSmall)} | ${format(row.socksTunnels)} |`,
        ),
        '',
        cpuNote,
        '',
        '| party | CPU ms per GB (SOCKS5 bulk) | CPU µs per small request (SOCKS5) | CPU µs per new SOCKS5 tunnel |',
        '| --- | ---: | ---: | ---: |',
        ...proxies(socksRows).map(
          (row) =>
            `| ${row.name} | ${format(row.cpuMsPerGbSocks)} | ${format(row.cpuUsPerRequestSocks)} | ${format(row.cpuUsPerTunnelSocks)} |`,
        ),
      );
    if (extra)
      lines.push(
        '',
        `${extra.name}, idle tunnels (the slope from ${extra.idleFrom} to ${extra.idleTunnels} open, after a full GC): ` +
          `${extra.idleLiveMbPer10k.toFixed(1)} MB of live memory per 10,000, ${extra.idleResidentMbPer10k.toFixed(1)} MB resident. Open files (database connections aside) ${extra.filesBefore} before, ` +
          `${extra.filesAfter} after ${extra.soakTunnels} tunnels in ${extra.soakSeconds.toFixed(0)} s.`,
      );
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await scratch.drop();
  }
};

await main();
process.exit(0);
