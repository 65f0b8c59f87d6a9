import type net from 'node:net';
import type { Authorized } from '../auth/authenticate.ts';
import type { ProxyContext } from '../proxy-context.ts';
import type { UpstreamReads } from '../tunnel/upstream-reads.ts';
import {
  connectThroughExit,
  toExitError,
  type ConnectOptions,
  type ExitError,
} from './exit-connect.ts';
import type { Exit } from './exit-table.ts';

/** Exits one connection tries at most (the first and two others). */
const MAX_ATTEMPTS = 3;
/** Less time than this left of the connect timeout: no other exit is tried. */
const MIN_ATTEMPT_MS = 50;

/**
 * A connection's tries of exits after its first connect failed: those tried, and when the
 * connect timeout (one for all tries) runs out. Made at the first failure only, so a connect
 * that works costs nothing for it.
 */
export class ExitAttempts {
  readonly tried: Exit[];
  readonly deadline: number;

  constructor(first: Exit, startedAt: number, timeoutMs: number) {
    this.tried = [first];
    this.deadline = startedAt + timeoutMs;
  }

  /** The connect options for the next try: the same, with the time left. */
  options(base: ConnectOptions, now: number): ConnectOptions {
    return { ...base, timeoutMs: Math.max(1, this.deadline - now) };
  }
}

/**
 * A failure another exit may not have: the exit, its upstream or the way to the destination
 * failed. A blocked destination or a name that does not resolve fails on every exit alike.
 */
export const isExitFailure = (error: ExitError) =>
  error.failure === 'refused' ||
  error.failure === 'unreachable' ||
  error.failure === 'timeout' ||
  error.failure === 'upstream';

/**
 * After `error` on the last exit `attempts` tried: the next exit serving the same package and
 * targeting, within the connect timeout, or null when the
 * error stands. A retried failure is logged here (the final one by exit-refusal.ts).
 */
export const retryExit = (
  ctx: ProxyContext,
  authorized: Authorized,
  attempts: ExitAttempts,
  error: ExitError,
): Exit | null => {
  const failed = attempts.tried[attempts.tried.length - 1] as Exit;
  error.exit ??= failed;
  if (
    !isExitFailure(error) ||
    attempts.tried.length >= MAX_ATTEMPTS ||
    attempts.deadline - Date.now() < MIN_ATTEMPT_MS
  )
    return null;
  const next = ctx.exits.pickAnother(authorized.entry, authorized.targeting, attempts.tried);
  if (next === null) return null;
  ctx.log.warn(
    {
      packageId: authorized.entry.id,
      exit: failed.name,
      failure: error.failure,
      detail: error.message,
      next: next.name,
    },
    'connect through an exit failed; trying another',
  );
  attempts.tried.push(next);
  return next;
};

/** A tunnel's far end, the exit that carries it, and the reads of a direct exit's socket. */
export type Connected = { socket: net.Socket; exit: Exit; reads: UpstreamReads | null };

/**
 * connectThroughExit with retries: on an exit's failure the next exit serving the same
 * targeting is tried (retryExit), all within one connect timeout. `readsFor` gives the reads of
 * a direct exit's socket (null for proxies'). Rejects with the last ExitError, its `exit` set.
 */
export const connectThroughExits = async (
  ctx: ProxyContext,
  authorized: Authorized,
  first: Exit,
  host: string,
  port: number,
  readsFor: (exit: Exit) => UpstreamReads | null,
): Promise<Connected> => {
  const startedAt = Date.now();
  let attempts: ExitAttempts | null = null;
  let exit = first;
  for (;;) {
    const reads = readsFor(exit);
    try {
      const socket = await connectThroughExit(
        exit,
        host,
        port,
        authorized.targeting,
        attempts === null ? ctx.connectOptions : attempts.options(ctx.connectOptions, Date.now()),
        reads,
      );
      return { socket, exit, reads };
    } catch (caught) {
      const error = toExitError(caught);
      error.exit ??= exit;
      attempts ??= new ExitAttempts(exit, startedAt, ctx.connectOptions.timeoutMs);
      const next = retryExit(ctx, authorized, attempts, error);
      if (next === null) throw error;
      exit = next;
    }
  }
};
