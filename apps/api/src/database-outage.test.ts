import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '@proxy/db';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config/env.ts';
import { registration } from '../test/helpers.ts';
import { postJson, spawnServer, waitForHealth, type ServerProcess } from '../test/processes.ts';

type Answer = { status: number; retryAfter: string | null; code: string | null; at: number };

/** The pid of a cluster's postmaster, from the postmaster.pid PostgreSQL keeps in its directory. */
const postmasterPid = (clusterDir: string) =>
  Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Clients calling the API without pause (a signed-in profile read and the health check, both
 * on the database) until `stop`; every answer is kept. A refused connection (the API process
 * gone) is status 0.
 */
const loadApi = (server: ServerProcess, token: string, clients = 6) => {
  const answers: Answer[] = [];
  let isRunning = true;
  const call = async (url: string, headers: Record<string, string>) => {
    try {
      const response = await fetch(`${server.base}${url}`, { headers });
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      answers.push({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        code: body?.code ?? null,
        at: Date.now(),
      });
    } catch {
      answers.push({ status: 0, retryAfter: null, code: null, at: Date.now() });
    }
  };
  const loops = Array.from({ length: clients }, async (_, index) => {
    while (isRunning) {
      if (index % 2 === 0) await call('/api/profile', { authorization: `Bearer ${token}` });
      else await call('/api/health', {});
    }
  });
  return {
    answers,
    /** Resolves with the first answer after `since` that satisfies `predicate`. */
    waitFor: async (predicate: (answer: Answer) => boolean, since: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = answers.find((answer) => answer.at >= since && predicate(answer));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `the awaited answer did not come; since then: ${JSON.stringify(
              answers.filter((answer) => answer.at >= since).slice(-5),
            )}\n${server.stdout().slice(-3000)}\n${server.stderr().slice(-3000)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: async () => {
      isRunning = false;
      await Promise.all(loops);
    },
  };
};

/** Signs a new customer up on the server; their session token and address. */
const signUp = async (server: ServerProcess) => {
  const payload = registration();
  const response = await postJson(server.base, '/api/register', payload);
  expect(response.status).toBe(201);
  return { token: ((await response.json()) as { token: string }).token, email: payload.email };
};

/** Every answer while the database was away is a 503 in the one error shape with Retry-After. */
const expectNoServerErrors = (answers: Answer[]) => {
  const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
  expect(unexpected).toEqual([]);
  for (const answer of answers.filter((entry) => entry.status === 503)) {
    expect(answer.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
};

const RECOVERY_MS = 10_000;

/**
 * The job workers run again: a customer who signs up gets the verification mail, which the
 * mail worker sends through the server's mailer (with no SMTP_URL, a file in DATA_DIR/mail).
 */
const expectJobsRun = async (server: ServerProcess) => {
  const { email } = await signUp(server);
  const dir = path.join(server.dataDir, 'mail');
  const isMailed = () =>
    existsSync(dir) &&
    readdirSync(dir).some((name) => readFileSync(path.join(dir, name), 'utf8').includes(email));
  const deadline = Date.now() + RECOVERY_MS;
  while (!isMailed()) {
    if (Date.now() > deadline)
      throw new Error(`no verification mail after the database returned\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const startAgain = async (clusterDir: string, port: number) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await startEmbeddedPostgres({ dir: clusterDir, port });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
};

describe('the API while its database is away', () => {
  it(
    'on a DATABASE_URL server: 503 with Retry-After while it is down, served again within 10 s of its return (the job workers too), never a 500',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(path.join(REPO_ROOT, 'data', 'outage-'));
      const clusterDir = path.join(dir, 'pg');
      let cluster = await startEmbeddedPostgres({ dir: clusterDir });
      const port = Number(new URL(cluster.url).port);
      const server = await spawnServer({ DATABASE_URL: cluster.url });
      try {
        await waitForHealth(server.base, 60_000);
        const load = loadApi(server, (await signUp(server)).token);
        try {
          await load.waitFor((answer) => answer.status === 200, 0, RECOVERY_MS);
          const crashedAt = Date.now();
          process.kill(postmasterPid(clusterDir), 'SIGKILL');
          await load.waitFor((answer) => answer.status === 503, crashedAt, RECOVERY_MS);

          // The same server comes back on its address, once the killed postmaster's backends
          // have let go of its shared memory (a start before that is refused).
          cluster = await startAgain(clusterDir, port);
          const returnedAt = Date.now();
          const served = await load.waitFor(
            (answer) => answer.status === 200,
            returnedAt,
            RECOVERY_MS,
          );
          expect(served.at - returnedAt).toBeLessThan(RECOVERY_MS);
          await expectJobsRun(server);
        } finally {
          await load.stop();
        }
        expectNoServerErrors(load.answers);
        expect(load.answers.some((answer) => answer.status === 503)).toBe(true);
      } finally {
        await server.stop();
        await cluster.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'on the embedded default: a crashed PostgreSQL is started again and the API serves within 10 s of its return (the job workers too), never a 500',
    { timeout: 180_000 },
    async () => {
      const server = await spawnServer({ DATABASE_URL: undefined });
      const clusterDir = path.join(server.dataDir, 'pg');
      let restarted = 0;
      try {
        await waitForHealth(server.base, 120_000);
        const load = loadApi(server, (await signUp(server)).token);
        try {
          await load.waitFor((answer) => answer.status === 200, 0, RECOVERY_MS);
          const crashed = postmasterPid(clusterDir);
          const crashedAt = Date.now();
          process.kill(crashed, 'SIGKILL');
          await load.waitFor((answer) => answer.status === 503, crashedAt, RECOVERY_MS);

          // The server starts its PostgreSQL again: a new postmaster in the same directory.
          const deadline = Date.now() + 60_000;
          let returnedAt = 0;
          while (returnedAt === 0) {
            if (Date.now() > deadline) throw new Error('the embedded PostgreSQL was not restarted');
            const pid = (() => {
              try {
                return postmasterPid(clusterDir);
              } catch {
                return 0;
              }
            })();
            if (pid !== 0 && pid !== crashed && isAlive(pid)) {
              restarted = pid;
              returnedAt = Date.now();
            } else await new Promise((resolve) => setTimeout(resolve, 20));
          }
          const served = await load.waitFor(
            (answer) => answer.status === 200,
            returnedAt,
            RECOVERY_MS,
          );
          expect(served.at - returnedAt).toBeLessThan(RECOVERY_MS);
          await expectJobsRun(server);
        } finally {
          await load.stop();
        }
        expectNoServerErrors(load.answers);
      } finally {
        await server.stop();
      }
      // The server stops the PostgreSQL it restarted, as it stops the first one.
      expect(isAlive(restarted)).toBe(false);
    },
  );
});
