import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { Logger } from 'pino';
import { REPO_ROOT } from '../config/env.ts';

/** The gateway's entry point (apps/gateway), run with the same Node as the API. */
export const GATEWAY_ENTRY = path.join(REPO_ROOT, 'apps/gateway/src/server.ts');

const RESTART_DELAY_MS = 1_000;
const RESTART_DELAY_MAX_MS = 30_000;
/** A gateway that ran this long before dying is restarted at once (the delay resets). */
const STABLE_RUN_MS = 60_000;
/** The gateway's own graceful stop (close listeners, final usage flush) takes far less. */
const STOP_TIMEOUT_MS = 10_000;

/** What the gateway reports over IPC once it listens (apps/gateway/src/workers.ts). */
export type GatewayReady = { httpPort: number; socksPort: number };

export type GatewayProcess = {
  /** Its ports once it first listens; null if it did not within READY_TIMEOUT_MS. */
  ready: Promise<GatewayReady | null>;
  stop: () => Promise<void>;
};

/** How long `npm start` waits for the gateway before printing its banner without it. */
const READY_TIMEOUT_MS = 20_000;

const isReadyMessage = (message: unknown): message is GatewayReady & { type: 'gateway-ready' } =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'gateway-ready';

/**
 * Runs the proxy gateway beside the API (START_GATEWAY, decision 090): a child process, so the
 * byte-pumping hot path has its own event loop and a crash of one cannot take the other down.
 * It uses the API's database (the embedded one too, which the API owns and stops last) and is
 * restarted with a growing delay if it dies. `stop` sends SIGTERM and waits for the final usage
 * flush, so the API stops its database only after the gateway let go of it.
 */
export const startGatewayProcess = (env: NodeJS.ProcessEnv, logger: Logger): GatewayProcess => {
  let child: ChildProcess | null = null;
  let isStopping = false;
  let delay = RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | null = null;
  let reportReady: (ready: GatewayReady | null) => void = () => undefined;
  const ready = new Promise<GatewayReady | null>((resolve) => {
    reportReady = resolve;
    setTimeout(() => resolve(null), READY_TIMEOUT_MS).unref();
  });

  const launch = () => {
    const startedAt = Date.now();
    const current = spawn(process.execPath, [GATEWAY_ENTRY], {
      cwd: REPO_ROOT,
      env,
      // The IPC channel carries the gateway's "listening" report (its banner goes in the API's).
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = current;
    current.on('message', (message: unknown) => {
      if (isReadyMessage(message))
        reportReady({ httpPort: message.httpPort, socksPort: message.socksPort });
    });
    current.on('error', (error) => logger.error({ err: error }, 'gateway process failed'));
    current.on('exit', (code, signal) => {
      if (child === current) child = null;
      if (isStopping) return;
      if (Date.now() - startedAt > STABLE_RUN_MS) delay = RESTART_DELAY_MS;
      logger.error({ code, signal, restartInMs: delay }, 'gateway process exited; restarting');
      restartTimer = setTimeout(launch, delay);
      delay = Math.min(delay * 2, RESTART_DELAY_MAX_MS);
    });
  };
  launch();

  return {
    ready,
    stop: async () => {
      isStopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
};
