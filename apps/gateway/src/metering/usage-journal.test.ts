import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal, UsageJournal } from './usage-journal.ts';

const HOUR = new Date('2026-12-03T10:00:00Z');

/** A pid no process has any more: a child that already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

const failOnError = (error: unknown) => {
  throw error;
};

const journalOf = (pid: number, instance: string, lines: object[]) =>
  [{ journal: 1, pid, instance }, ...lines].map((line) => JSON.stringify(line)).join('\n') + '\n';

describe('the usage journal', () => {
  it('reads collected batches whole, sums the notes of an interval never collected, and skips a torn last line', () => {
    const text =
      journalOf(1, 'a', [
        { n: 'a:1:1', h: HOUR.getTime(), d: [[7, 10, 100]] },
        { n: 'a:1:1', h: HOUR.getTime(), d: [[7, 5, 50]] },
        // The collected batch of that interval: it supersedes the notes.
        { b: 'a:1:1', h: HOUR.getTime(), d: [[7, 20, 200]] },
        { n: 'a:2:2', h: HOUR.getTime(), d: [[7, 1, 2]] },
        {
          n: 'a:2:2',
          h: HOUR.getTime(),
          d: [
            [8, 3, 4],
            [7, 1, 2],
          ],
        },
      ]) + '{"n":"a:2:2","h":1,"d":[[7,999';
    expect(readJournal(text).batches).toEqual([
      { flushId: 'a:1:1', hour: HOUR, deltas: [{ packageId: 7, up: 20, down: 200 }] },
      {
        flushId: 'a:2:2',
        hour: HOUR,
        deltas: [
          { packageId: 7, up: 2, down: 4 },
          { packageId: 8, up: 3, down: 4 },
        ],
      },
    ]);
  });

  it('takes over the journals of instances that are gone, not those of running ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'usage-journal-'));
    const batch = (flushId: string) => ({ b: flushId, h: HOUR.getTime(), d: [[1, 1, 1]] });
    writeFileSync(
      path.join(dir, 'dead.journal'),
      journalOf(deadPid(), 'dead', [batch('dead:1:1')]),
    );
    // The test runner's parent is alive: its instance's journal stays its own.
    writeFileSync(
      path.join(dir, 'alive.journal'),
      journalOf(process.ppid, 'alive', [batch('alive:1:1')]),
    );
    const { journal, adopted } = UsageJournal.open(dir, 'me', failOnError);
    expect(adopted.map((taken) => taken.flushId)).toEqual(['dead:1:1']);
    expect(readdirSync(dir).sort()).toEqual(['alive.journal', 'me.journal']);
    // What it took over is in its own journal until the database has it.
    expect(readJournal(readFileSync(path.join(dir, 'me.journal'), 'utf8')).batches).toHaveLength(1);

    // Another instance of this process: the open journal is not taken, a closed one is.
    const { journal: sibling, adopted: none } = UsageJournal.open(dir, 'sibling', failOnError);
    expect(none).toEqual([]);
    sibling.close(true);
    journal.close(false);
    const { journal: next, adopted: again } = UsageJournal.open(dir, 'next', failOnError);
    expect(again.map((taken) => taken.flushId)).toEqual(['dead:1:1']);
    next.settled();
    next.close(true);
    expect(existsSync(path.join(dir, 'next.journal'))).toBe(false);
    expect(readdirSync(dir)).toEqual(['alive.journal']);
  });
});

describe('the usage journal with sub-users', () => {
  it("keeps a sub-user's split through a restart, apart from its package's own bytes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'usage-journal-'));
    const { journal } = UsageJournal.open(dir, 'crashed', failOnError);
    const batch = {
      flushId: 'crashed:1:1',
      hour: HOUR,
      deltas: [
        { packageId: 7, up: 10, down: 100 },
        { packageId: 7, subUserId: 70, up: 20, down: 200 },
        { packageId: 7, subUserId: 71, up: 30, down: 300 },
      ],
    };
    await journal.collected(batch, [batch]);
    // The next interval's notes: per sub-user, summed at the replay.
    journal.note('crashed:2:2', HOUR, [{ packageId: 7, subUserId: 70, up: 1, down: 2 }]);
    journal.note('crashed:2:2', HOUR, [
      { packageId: 7, subUserId: 70, up: 3, down: 4 },
      { packageId: 7, up: 5, down: 6 },
    ]);
    // Not settled: what a crash leaves behind.
    journal.close(false);
    const { journal: next, adopted } = UsageJournal.open(dir, 'restarted', failOnError);
    expect(adopted).toEqual([
      batch,
      {
        flushId: 'crashed:2:2',
        hour: HOUR,
        deltas: [
          { packageId: 7, subUserId: 70, up: 4, down: 6 },
          { packageId: 7, up: 5, down: 6 },
        ],
      },
    ]);
    next.close(false);
  });

  it("reads the three-element rows of a journal written before sub-users as the package's own", () => {
    const text = journalOf(1, 'old', [
      { b: 'old:1:1', h: HOUR.getTime(), d: [[7, 10, 100]] },
      { n: 'old:2:2', h: HOUR.getTime(), d: [[7, 1, 2]] },
    ]);
    expect(readJournal(text).batches).toEqual([
      { flushId: 'old:1:1', hour: HOUR, deltas: [{ packageId: 7, up: 10, down: 100 }] },
      { flushId: 'old:2:2', hour: HOUR, deltas: [{ packageId: 7, up: 1, down: 2 }] },
    ]);
  });
});
