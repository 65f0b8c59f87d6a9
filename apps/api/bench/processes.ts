/** The measured servers of `npm run bench`, each in its own Node process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { findFreePort } from '@proxy/db';
import { REPO_ROOT } from '../src/config/env.ts';

export type ServerProcess = {
  label: string;
  url: string;
  /** Where its stdout and stderr went (the app's JSON log). */
  logFile: string;
  /** Its process id (memory readings from /proc). */
  pid: number;
  stop: () => Promise<void>;
};

const waitForHealth = async (url: string, child: ChildProcess, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}: server did not answer in time`);
};

/**
 * Starts `node <script>` in production mode on a free port (its PORT) with `env`,
 * its output appended to `logFile` (as a production log would go to a file), and waits until
 * `healthPath` answers 200.
 */
export const startServer = async (options: {
  label: string;
  script: string;
  healthPath: string;
  env: Record<string, string>;
  logFile: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}): Promise<ServerProcess> => {
  const port = await findFreePort();
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForHealth(`${url}${options.healthPath}`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    label: options.label,
    url,
    logFile: options.logFile,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
