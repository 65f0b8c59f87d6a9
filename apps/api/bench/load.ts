/**
 * The load generator of `npm run bench`: wrk in a child process (scripts/ensure-wrk.mjs
 * installs it), never in the measured server's process. A generator inside the server's
 * process shares its event loop and, on a 2-core machine, takes a core from both sides.
 * wrk is C with LuaJIT and one thread drives 50 connections on a fraction of a core.
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type LoadResult = {
  requests: number;
  /** 2xx and 3xx answers per second over the whole run. */
  okPerSecond: number;
  requestsPerSecond: number;
  /** Answers with a status >= 400, and socket errors (connect, read, write, timeout). */
  non2xx: number;
  errors: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
};

export type LoadOptions = {
  url: string;
  durationS: number;
  connections: number;
  method?: 'GET' | 'POST';
  /** JSON body of every request (POST). */
  body?: string;
  /**
   * Bearer tokens: request n of the run carries token n mod tokens.length, so 50 connections
   * over 50 tokens are 50 customers (two of them now and then at once, as real customers are).
   * None: requests without Authorization.
   */
  tokens?: readonly string[];
};

const wrkPath = () =>
  [process.env.WRK_PATH, '/usr/bin/wrk', '/usr/local/bin/wrk'].find(
    (candidate) => candidate !== undefined && existsSync(candidate),
  ) ?? 'wrk';

const luaString = (value: string) => JSON.stringify(value); // JSON strings are Lua strings here

/**
 * The Lua side: every request prebuilt once per token (wrk.format), handed out round-robin;
 * `done` prints one JSON line the parent parses.
 */
const script = (options: LoadOptions, pathAndQuery: string) => `
local tokens = { ${(options.tokens ?? []).map(luaString).join(', ')} }
local method = ${luaString(options.method ?? 'GET')}
local body = ${options.body === undefined ? 'nil' : luaString(options.body)}
local requests = {}
local next_index = 0

local function build(token)
  local headers = {}
  if token then headers["Authorization"] = "Bearer " .. token end
  if body then headers["Content-Type"] = "application/json" end
  return wrk.format(method, ${luaString(pathAndQuery)}, headers, body)
end

function init(args)
  for i, token in ipairs(tokens) do requests[i] = build(token) end
  if #requests == 0 then requests[1] = build(nil) end
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"duration_us":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%.0f,"p90":%.0f,"p99":%.0f,"max":%.0f,"mean":%.0f}\\n',
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
`;

type WrkJson = {
  requests: number;
  duration_us: number;
  status: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
};

/** Runs wrk against one URL and returns its figures (latencies in ms). */
export const runLoad = async (options: LoadOptions, scriptDir: string): Promise<LoadResult> => {
  const url = new URL(options.url);
  const file = path.join(scriptDir, `wrk-${process.pid}-${Date.now()}.lua`);
  writeFileSync(file, script(options, `${url.pathname}${url.search}`));
  const { stdout } = await run(
    wrkPath(),
    [
      '--threads',
      '1',
      '--connections',
      String(options.connections),
      '--duration',
      `${options.durationS}s`,
      '--timeout',
      '10s',
      '--script',
      file,
      `${url.protocol}//${url.host}`,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const raw = JSON.parse(line.slice('WRK_RESULT '.length)) as WrkJson;
  const seconds = raw.duration_us / 1e6;
  const errors = raw.connect + raw.read + raw.write + raw.timeout;
  return {
    requests: raw.requests,
    requestsPerSecond: raw.requests / seconds,
    okPerSecond: (raw.requests - raw.status) / seconds,
    non2xx: raw.status,
    errors,
    latencyMs: {
      p50: raw.p50 / 1000,
      p90: raw.p90 / 1000,
      p99: raw.p99 / 1000,
      max: raw.max / 1000,
      mean: raw.mean / 1000,
    },
  };
};
