import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Targeting } from '../auth/targeting.ts';
import { startPeriodicTask, type InstanceWriterOptions } from '../metering/periodic-task.ts';
import { connectThroughExit, toExitError, type ConnectOptions } from './exit-connect.ts';
import type { Exit, ExitTable } from './exit-table.ts';

/** Exits checked at once in a round (each holds a connection while it runs). */
const CONCURRENT_CHECKS = 32;
/** The longest error text kept in a health row. */
const MAX_ERROR_LENGTH = 500;

/** What one check found. */
export type ExitCheck = { ok: true; latencyMs: number | null } | { ok: false; error: string };

/** This instance's view of one exit, as its health row holds it. */
export type ExitHealthState = {
  /** The exit as checked: a changed exit (a new object for its id) starts over, up. */
  readonly exit: Exit;
  isUp: boolean;
  /** Failed checks in a row. */
  failures: number;
  lastError: string | null;
  latencyMs: number | null;
};

export type ExitHealthOptions = InstanceWriterOptions & {
  exits: ExitTable;
  /** Failures in a row that take an exit down (one success brings it back). */
  downAfter: number;
  /** Where upstream exits CONNECT to. */
  target: { host: string; port: number };
  /** The proxy's connect options; a check's timeout is at most the interval. */
  connectOptions: ConnectOptions;
};

export type ExitHealth = {
  /** A round of checks now, after the one in progress (tests). */
  check: () => Promise<void>;
  /** The state of an exit (by id), if it was checked. */
  stateOf: (exitId: number) => ExitHealthState | undefined;
  /** Stops the timer, waits for the round in progress and deletes this instance's rows. */
  stop: () => Promise<void>;
};

/** Whether the local address can be bound (then let go): a direct exit's address is ours. */
const bindLocal = (address: string) =>
  new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    // exclusive: a worker binds itself, not through the primary (decision 101's workers).
    server.listen({ host: address, port: 0, exclusive: true }, () => server.close(() => resolve()));
  });

/** An upstream's username template filled with the exit's own place (no session). */
const checkTargeting = (exit: Exit): Targeting => ({
  login: '',
  country: exit.country,
  city: exit.city,
  session: null,
  sessionTtlMs: 0,
  selector: null,
});

/**
 * One check of one exit, by its kind: an upstream proxy (HTTP or SOCKS5) by a CONNECT through
 * it to the target, with the same connector that carries customers (success: a 2xx answer, a
 * SOCKS5 success reply); a direct exit by binding its local address; a direct exit without
 * one (the system's choice) is always up.
 */
export const checkExit = async (
  exit: Exit,
  target: { host: string; port: number },
  options: ConnectOptions,
): Promise<ExitCheck> => {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    if (exit.kind === 'direct') {
      if (exit.localAddress === undefined) return { ok: true, latencyMs: null };
      await bindLocal(exit.localAddress);
      return { ok: true, latencyMs: latency() };
    }
    const socket = await connectThroughExit(
      exit,
      target.host,
      target.port,
      checkTargeting(exit),
      options,
    );
    const latencyMs = latency();
    socket.destroy();
    return { ok: true, latencyMs };
  } catch (error) {
    return { ok: false, error: toExitError(error).message.slice(0, MAX_ERROR_LENGTH) };
  }
};

/** Runs `work` over `items`, at most `limit` at once. */
const eachLimited = async <T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

/**
 * Exit health (decision 154): every interval this instance checks each active exit. An exit is
 * down after `downAfter` failed checks in a row and up again after one success; the exit table
 * learns each flip (a down exit is never chosen). Every check is written to this instance's
 * row in gateway_exit_health (upserted, never gateway_exits: a write there makes every gateway
 * reload its exits), for the catalogue and `exits:list`. A stopped instance deletes its rows;
 * a crashed one's go stale (EXIT_HEALTH_FRESH_SECONDS).
 */
export const startExitHealth = (options: ExitHealthOptions): ExitHealth => {
  const { db, instanceId, exits, log } = options;
  const states = new Map<number, ExitHealthState>();
  const checkOptions: ConnectOptions = {
    ...options.connectOptions,
    timeoutMs: Math.min(options.connectOptions.timeoutMs, options.intervalMs),
  };
  let isStopped = false;

  const record = (exit: Exit, check: ExitCheck) => {
    let state = states.get(exit.id);
    if (state === undefined || state.exit !== exit) {
      state = { exit, isUp: true, failures: 0, lastError: null, latencyMs: null };
      states.set(exit.id, state);
    }
    if (check.ok) {
      if (!state.isUp) log.info({ exit: exit.name }, 'exit up again');
      state.isUp = true;
      state.failures = 0;
      state.lastError = null;
      state.latencyMs = check.latencyMs;
    } else {
      state.failures += 1;
      state.lastError = check.error;
      state.latencyMs = null;
      if (state.isUp && state.failures >= options.downAfter) {
        state.isUp = false;
        log.warn(
          { exit: exit.name, failures: state.failures, detail: check.error },
          'exit down: not chosen until a check passes',
        );
      }
    }
    exits.setDown(exit.id, !state.isUp);
  };

  const round = async () => {
    if (isStopped) return;
    const checked = [...exits.exits];
    const results = new Map<Exit, ExitCheck>();
    await eachLimited(checked, CONCURRENT_CHECKS, async (exit) => {
      results.set(exit, await checkExit(exit, options.target, checkOptions));
    });
    // The table may have been reloaded meanwhile: only exits still there, unchanged, count.
    const current = new Map(exits.exits.map((exit) => [exit.id, exit]));
    for (const [exit, check] of results) if (current.get(exit.id) === exit) record(exit, check);
    for (const id of states.keys()) if (!current.has(id)) states.delete(id);
    if (isStopped) return;
    const rows = [...states.values()].map((state) => ({
      exit_id: state.exit.id,
      instance_id: instanceId,
      is_up: state.isUp,
      failures: state.failures,
      last_error: state.lastError,
      latency_ms: state.latencyMs,
    }));
    await db.transaction().execute(async (tx) => {
      // Rows of exits this instance no longer has (disabled, or removed and cascaded).
      let stale = tx.deleteFrom('gateway_exit_health').where('instance_id', '=', instanceId);
      if (rows.length > 0)
        stale = stale.where(
          'exit_id',
          'not in',
          rows.map((row) => row.exit_id),
        );
      await stale.execute();
      if (rows.length === 0) return;
      await tx
        .insertInto('gateway_exit_health')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['exit_id', 'instance_id']).doUpdateSet((eb) => ({
            is_up: eb.ref('excluded.is_up'),
            failures: eb.ref('excluded.failures'),
            last_error: eb.ref('excluded.last_error'),
            latency_ms: eb.ref('excluded.latency_ms'),
            checked_at: sql<Date>`now()`,
          })),
        )
        .execute();
    });
  };

  const task = startPeriodicTask(options.intervalMs, round, (error) =>
    log.warn({ err: error }, 'writing exit health failed'),
  );
  // The first round at once: a fresh instance knows its exits within seconds.
  task.run().catch((error: unknown) => log.warn({ err: error }, 'writing exit health failed'));

  return {
    check: task.run,
    stateOf: (exitId) => states.get(exitId),
    stop: async () => {
      isStopped = true;
      await task.stop();
      await db.deleteFrom('gateway_exit_health').where('instance_id', '=', instanceId).execute();
    },
  };
};
