/**
 * npm run bench:gateway: the gateway beside its peers on this machine, in one run.
 *
 * Every party runs in its own process on its own loopback address (TIME_WAIT spreads over
 * them): the origin on 127.0.0.2, our gateway on 127.0.0.3 (auth and metering on, then
 * metering off), proxy-chain 3 on 127.0.0.4, tinyproxy on 127.0.0.5 and squid on 127.0.0.6
 * when installed (BENCH_INSTALL_PEERS=1 installs them with apt-get). Figures: bulk MB/s of a
 * large download (curl, plain and through CONNECT), small requests per second over keep-alive
 * (wrk, absolute-URI requests with Proxy-Authorization), new CONNECT tunnels per second, and
 * for the gateway the memory of idle tunnels and its open files after a soak of tunnels.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

type Party = { name: string; host: string; port: number; pid: number; stop: () => Promise<void> };

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

/** Spawns a process and waits for `ready <port>` (or the given pattern) on its stdout. */
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

const tsx = (file: string, args: string[], env?: NodeJS.ProcessEnv, nodeArgs: string[] = []) =>
  [
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(HERE, file), ...args],
    env,
  ] as const;

/** Extra Node flags for the gateway process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
const GATEWAY_NODE_ARGS = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);

// ---------------------------------------------------------------------------------- figures

const curlSpeed = async (url: string, proxy: string | null, tunnel: boolean) => {
  const args = ['-s', '-o', '/dev/null', '-w', '%{speed_download}', url];
  if (proxy) args.push('-x', proxy, ...(tunnel ? ['-p'] : []));
  const { stdout } = await run('curl', args, { maxBuffer: 1 << 20 });
  return Number(stdout) / 1e6;
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
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  if (errors) throw new Error(`wrk through ${target}: ${errors[1]} failed responses`);
  return match ? Number(match[1]) : 0;
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

const tunnelsPerSecond = async (
  party: Party | null,
  origin: Party,
  total: number,
  seconds: number,
) => {
  const started = Date.now();
  let done = 0;
  const worker = async () => {
    while (done < total && Date.now() - started < seconds * 1000) {
      await oneTunnel(party, origin);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return done / ((Date.now() - started) / 1000);
};

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};
const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
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

const ensurePeers = () => {
  const missing = ['tinyproxy', 'squid'].filter(
    (name) => !hasCommand(name) && !hasCommand(`/usr/sbin/${name}`),
  );
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
  const passwords = path.join(dir, 'passwd');
  const salt = randomBytes(4).toString('hex');
  const hash = execFileSync('openssl', ['passwd', '-apr1', '-salt', salt, PASSWORD])
    .toString()
    .trim();
  writeFileSync(passwords, `${LOGIN}:${hash}\n`);
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
    ].join('\n'),
  );
  return spawnPeer('squid', host, port, [binary, '-N', '-f', conf], {
    startMs: 2_000,
    stopMs: 500,
  });
};

// ---------------------------------------------------------------------------------- main

type Row = { name: string; bulk: number; bulkConnect: number; small: number; tunnels: number };

/** BENCH_FIGURES=bulk,small,tunnels picks figures (the others read NaN). */
const FIGURES = new Set((process.env.BENCH_FIGURES ?? 'bulk,small,tunnels').split(','));
const figure = async (name: string, measureIt: () => Promise<number>) =>
  FIGURES.has(name) ? measureIt() : Number.NaN;

const measure = async (party: Party | null, origin: Party, name: string): Promise<Row> => {
  const proxy = party ? `http://${LOGIN}:${PASSWORD}@${party.host}:${party.port}` : null;
  const big = `http://${origin.host}:${origin.port}/bytes/${BULK_BYTES}`;
  const small = `http://${origin.host}:${origin.port}/small`;
  const row: Row = {
    name,
    bulk: await figure('bulk', () => bestOf(3, () => curlSpeed(big, proxy, false))),
    bulkConnect: party
      ? await figure('bulk', () => bestOf(3, () => curlSpeed(big, proxy, true)))
      : Number.NaN,
    small: await figure('small', () =>
      wrkRequests(
        party ? `http://${party.host}:${party.port}/` : `http://${origin.host}:${origin.port}/`,
        party !== null,
        small,
      ),
    ),
    tunnels: await figure('tunnels', () =>
      tunnelsPerSecond(party, origin, Number.MAX_SAFE_INTEGER, SECONDS),
    ),
  };
  process.stdout.write(`${JSON.stringify(row)}\n`);
  return row;
};

const startGatewayProcess = async (databaseUrl: string, metering: boolean) => {
  const host = '127.0.0.3';
  const [command, args, env] = tsx(
    '../src/server.ts',
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
      LOG_LEVEL: 'warn',
    },
    GATEWAY_NODE_ARGS,
  );
  return spawnReady(
    metering ? 'gateway' : 'gateway (metering off)',
    host,
    command,
    [...args],
    env,
    /Proxy gateway: curl -x http:\/\/LOGIN:PASSWORD@[^:]+:(\d+)/,
  );
};

const idleAndSoak = async (party: Party, origin: Party) => {
  await sleep(1_000);
  const baseRss = rssMb(party.pid);
  const baseFiles = openFiles(party.pid);
  const held: net.Socket[] = [];
  for (let i = 0; i < IDLE_TUNNELS; i += 100)
    held.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, IDLE_TUNNELS - i) }, () =>
          oneTunnel(party, origin, true),
        ),
      )),
    );
  await sleep(2_000);
  const idleRss = rssMb(party.pid) - baseRss;
  for (const socket of held) socket.destroy();
  await sleep(2_000);
  const soakStarted = Date.now();
  await tunnelsPerSecond(party, origin, SOAK_TUNNELS, 3_600);
  const soakSeconds = (Date.now() - soakStarted) / 1000;
  await sleep(3_000);
  return {
    idleTunnels: IDLE_TUNNELS,
    idleMb: idleRss,
    idleMbPer10k: (idleRss / IDLE_TUNNELS) * 10_000,
    soakTunnels: SOAK_TUNNELS,
    soakSeconds,
    filesBefore: baseFiles,
    filesAfter: openFiles(party.pid),
  };
};

const main = async () => {
  ensurePeers();
  const scratch = await createScratchDatabase({
    serverUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.join(REPO_ROOT, 'data'),
    prefix: 'gateway_bench',
  });
  const rows: Row[] = [];
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

    const [oc, oa, oe] = tsx('origin.ts', ['127.0.0.2', '0']);
    const origin = await spawnReady('origin', '127.0.0.2', oc, [...oa], oe);
    rows.push(await measure(null, origin, 'direct to the origin'));

    const only = process.env.BENCH_ONLY?.split(',');
    const wanted = (name: string) => !only || only.includes(name);
    let extra: Awaited<ReturnType<typeof idleAndSoak>> | null = null;
    for (const metering of [true, false]) {
      if (!wanted(metering ? 'gateway' : 'gateway-off')) continue;
      const gateway = await startGatewayProcess(scratch.url, metering);
      rows.push(await measure(gateway, origin, gateway.name));
      if (metering && process.env.BENCH_SOAK !== '0') extra = await idleAndSoak(gateway, origin);
      await gateway.stop();
    }
    if (wanted('proxy-chain')) {
      const [pc, pa, pe] = tsx('proxy-chain.ts', ['127.0.0.4', '0', LOGIN, PASSWORD]);
      const chain = await spawnReady('proxy-chain', '127.0.0.4', pc, [...pa], pe);
      rows.push(await measure(chain, origin, 'proxy-chain 3'));
      await chain.stop();
    }
    for (const start of [startTinyproxy, startSquid]) {
      const peer = await start(origin);
      if (!peer || !wanted(peer.name)) {
        await peer?.stop();
        continue;
      }
      rows.push(await measure(peer, origin, peer.name));
      await peer.stop();
    }
    await origin.stop();

    const format = (value: number, digits = 0) =>
      Number.isNaN(value) ? '-' : value.toFixed(digits);
    const lines = [
      '| party | bulk MB/s (plain) | bulk MB/s (CONNECT) | small req/s (keep-alive) | new CONNECT tunnels/s |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${format(row.bulk)} | ${format(row.bulkConnect)} | ${format(row.small)} | ${format(row.tunnels)} |`,
      ),
    ];
    if (extra)
      lines.push(
        '',
        `Gateway, ${extra.idleTunnels} idle tunnels: ${extra.idleMb.toFixed(1)} MB above baseline ` +
          `(${extra.idleMbPer10k.toFixed(1)} MB per 10,000). Open files ${extra.filesBefore} before, ` +
          `${extra.filesAfter} after ${extra.soakTunnels} tunnels in ${extra.soakSeconds.toFixed(0)} s.`,
      );
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await scratch.drop();
  }
};

await main();
process.exit(0);
