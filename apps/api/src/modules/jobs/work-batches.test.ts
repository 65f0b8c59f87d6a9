import type PgBoss from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import { isProcessBusy, workBatches } from './jobs.queue.ts';

/** A stand-in for pg-boss's work(): hands `jobs` to the handler once. */
const fakeBoss = (jobs: number) => {
  const notifyWorker = vi.fn();
  let run: ((batch: PgBoss.Job<object>[]) => Promise<void>) | null = null;
  const boss = {
    work: (_name: string, _options: object, handler: typeof run) => {
      run = handler;
      return Promise.resolve('worker-1');
    },
    notifyWorker,
  } as unknown as PgBoss;
  const deliver = () =>
    run!(
      Array.from({ length: jobs }, (_, i) => ({
        id: String(i),
        name: 'q',
        data: {},
        expireInSeconds: 60,
      })),
    );
  return { boss, notifyWorker, deliver };
};

/** Keeps the event loop busy for `ms`, as a burst of requests would. */
const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
};

describe('workBatches', () => {
  it('asks for the next batch at once after a full one', async () => {
    const { boss, notifyWorker, deliver } = fakeBoss(10);
    await workBatches(boss, 'q', { batchSize: 10, pollingIntervalSeconds: 1 }, async () => {});
    await deliver();
    expect(notifyWorker).toHaveBeenCalledWith('worker-1');
  });

  it('lets deferrable work wait for its polling interval while the process is busy', async () => {
    const { boss, notifyWorker, deliver } = fakeBoss(10);
    await workBatches(
      boss,
      'q',
      { batchSize: 10, pollingIntervalSeconds: 1, deferrable: true },
      async () => {},
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    isProcessBusy(); // starts a window...
    spin(700); // ...that the event loop spends busy
    await deliver();
    expect(notifyWorker).not.toHaveBeenCalled();
    // Idle again: the backlog is taken at full speed.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await deliver();
    expect(notifyWorker).toHaveBeenCalledWith('worker-1');
  });
});
