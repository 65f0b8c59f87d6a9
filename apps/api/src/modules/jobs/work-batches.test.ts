import type { Job, PgBoss } from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../test/helpers.ts';
import { isProcessBusy, workBatches, workEach } from './jobs.queue.ts';

/** A stand-in for pg-boss's work(): keeps the options and hands `jobs` to the handler once. */
const fakeBoss = (jobs: number) => {
  const notifyWorker = vi.fn();
  let options: Record<string, unknown> = {};
  let run: ((batch: Job<object>[]) => Promise<unknown>) | null = null;
  const boss = {
    work: (_name: string, workOptions: Record<string, unknown>, handler: typeof run) => {
      options = workOptions;
      run = handler;
      return Promise.resolve('worker-1');
    },
    notifyWorker,
  } as unknown as PgBoss;
  const deliver = () =>
    run!(Array.from({ length: jobs }, (_, i) => ({ id: String(i), name: 'q', data: {} }) as Job));
  return { boss, notifyWorker, deliver, options: () => options };
};

/** Keeps the event loop busy for `ms`, as a burst of requests would. */
const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
};

describe('workBatches', () => {
  it("fetches the next batch at once after a full one (pg-boss's burst)", async () => {
    const { boss, notifyWorker, deliver, options } = fakeBoss(10);
    await workBatches(boss, 'q', { batchSize: 10, pollingIntervalSeconds: 1 }, async () => {});
    expect(options()).toMatchObject({ batchSize: 10, burstWhenBatchFull: true });
    await deliver();
    expect(notifyWorker).not.toHaveBeenCalled();
  });

  it('lets deferrable work wait for its polling interval while the process is busy', async () => {
    const { boss, notifyWorker, deliver, options } = fakeBoss(10);
    await workBatches(
      boss,
      'q',
      { batchSize: 10, pollingIntervalSeconds: 1, deferrable: true },
      async () => {},
    );
    expect(options()).toMatchObject({ burstWhenBatchFull: false });
    // An idle process first (the start-up's work is behind it)...
    await waitFor(() => (isProcessBusy() ? undefined : true), 5_000);
    // ...whose event loop is then kept busy until the process counts as busy (a window or two
    // of measuring, BUSY_WINDOW_MS each): a burst of requests.
    const spinUntil = performance.now() + 3_000;
    while (!isProcessBusy()) {
      if (performance.now() > spinUntil) throw new Error('a busy event loop never counted as busy');
      spin(50);
    }
    await deliver();
    expect(notifyWorker).not.toHaveBeenCalled();
    // Idle again (the next window finds the event loop idle): the backlog is taken at full speed.
    await waitFor(() => (isProcessBusy() ? undefined : true), 5_000);
    await deliver();
    expect(notifyWorker).toHaveBeenCalledWith('worker-1');
  });
});

describe('workEach', () => {
  it('settles each job by itself: one that throws fails alone', async () => {
    const { boss, deliver, options } = fakeBoss(3);
    await workEach(boss, 'q', { batchSize: 3, pollingIntervalSeconds: 1 }, (job) =>
      job.id === '1' ? Promise.reject(new Error('SMTP down')) : Promise.resolve(),
    );
    expect(options()).toMatchObject({ perJobResults: true });
    expect(await deliver()).toEqual([
      { id: '0', status: 'completed' },
      { id: '1', status: 'failed', output: { message: 'SMTP down' } },
      { id: '2', status: 'completed' },
    ]);
  });
});
