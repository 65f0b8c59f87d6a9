import pg from 'pg';
import type { Logger } from 'pino';

export type ChangeFeedOptions = {
  connectionString: string;
  channels: readonly string[];
  /** Names the LISTEN connection in pg_stat_activity (at most 63 bytes are kept). */
  applicationName: string;
  /** How often the LISTEN connection proves it is alive (a query that must answer in time). */
  heartbeatMs: number;
  /** While LISTEN is down: how often to re-read everything and try to listen again. */
  pollIntervalMs: number;
  onNotification: (channel: string, payload: string) => void;
  /**
   * Re-read everything the notifications would have told: once LISTEN is (re)established (so
   * nothing committed while it was down is missed), and at every poll while it is down.
   */
  onResync: () => Promise<void>;
  log: Logger;
};

export type ChangeFeed = {
  /** True while notifications arrive; false while polling instead. */
  readonly isListening: boolean;
  stop: () => Promise<void>;
};

const timeout = (ms: number, what: string) =>
  new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms).unref();
  });

/**
 * PostgreSQL LISTEN on one dedicated connection, with a heartbeat (a silent connection can be
 * dead: a NAT dropped it, the server restarted) and a polling fallback while it is lost. The
 * first connection and resync must succeed (`start` rejects otherwise): a gateway that cannot
 * read its credentials at start should not serve.
 */
export const startChangeFeed = async (options: ChangeFeedOptions): Promise<ChangeFeed> => {
  const { log } = options;
  let client: pg.Client | null = null;
  let isListening = false;
  let isStopped = false;
  let isTicking = false;
  let lostSince = 0;
  let timer: NodeJS.Timeout | null = null;

  // The heartbeat every heartbeatMs; once the connection is lost, a poll every pollIntervalMs.
  function schedule() {
    if (isStopped) return;
    timer = setTimeout(
      () => {
        void tick().finally(schedule);
      },
      isListening ? options.heartbeatMs : options.pollIntervalMs,
    );
    timer.unref();
  }

  const drop = (reason: unknown) => {
    const current = client;
    client = null;
    if (!current) return;
    if (isListening && !isStopped) {
      lostSince = Date.now();
      log.warn({ err: reason }, 'LISTEN connection lost; polling until it is back');
    }
    isListening = false;
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    // Lost between heartbeats: start polling now rather than at the next heartbeat.
    if (!isTicking && timer) {
      clearTimeout(timer);
      schedule();
    }
  };

  const listen = async () => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName,
      keepAlive: true,
      connectionTimeoutMillis: Math.max(options.heartbeatMs, 1000),
    });
    // A broken connection errors once; what follows is the heartbeat's business.
    next.on('error', (error) => {
      if (client === next) drop(error);
    });
    next.on('end', () => {
      if (client === next) drop(new Error('connection ended'));
    });
    next.on('notification', (message) =>
      options.onNotification(message.channel, message.payload ?? ''),
    );
    try {
      await next.connect();
      for (const channel of options.channels)
        await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('notification');
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    isListening = true;
    // Listening first, then reading: a change committed in between is both read and announced.
    await options.onResync();
  };

  const tick = async () => {
    if (isTicking || isStopped) return;
    isTicking = true;
    try {
      const current = client;
      if (current && isListening) {
        try {
          await Promise.race([
            current.query('SELECT 1'),
            timeout(options.heartbeatMs, 'heartbeat'),
          ]);
        } catch (error) {
          drop(error);
        }
        return;
      }
      try {
        await listen();
        log.info({ downMs: Date.now() - lostSince }, 'LISTEN connection back');
      } catch (error) {
        log.debug({ err: error }, 'LISTEN still down; polling');
        await options.onResync().catch((pollError: unknown) => {
          log.warn({ err: pollError }, 'polling the database failed');
        });
      }
    } finally {
      isTicking = false;
    }
  };

  await listen();
  schedule();
  return {
    get isListening() {
      return isListening;
    },
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      isListening = false;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => undefined);
      }
    },
  };
};
