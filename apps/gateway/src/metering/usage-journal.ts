import {
  closeSync,
  fdatasync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '@proxy/db';
import type { UsageDelta } from './usage-meter.ts';

/** One flush: its id, the hour it is booked to, and the deltas. Retried as is until applied. */
export type UsageBatch = { flushId: string; hour: Date; deltas: UsageDelta[] };

const SUFFIX = '.journal';
/** A journal longer than this while batches wait (the database away) is written anew, compact. */
const COMPACT_BYTES = 4 * 1024 * 1024;

type Header = { journal: 1; pid: number; instance: string };
/**
 * A delta: package id, bytes up, bytes down, and a sub-user's id when the bytes were its own
 * (a package's own bytes keep the three-element form, which journals before sub-users wrote).
 */
type Row = [number, number, number] | [number, number, number, number];
/** A line: a collected batch (`b`), or bytes noted in the running interval (`n`, summed). */
type Line = { b: string; h: number; d: Row[] } | { n: string; h: number; d: Row[] };

const toRows = (deltas: readonly UsageDelta[]): Row[] =>
  deltas.map((delta) =>
    delta.subUserId == null
      ? [delta.packageId, delta.up, delta.down]
      : [delta.packageId, delta.up, delta.down, delta.subUserId],
  );

const fromRow = ([packageId, up, down, subUserId]: Row): UsageDelta =>
  subUserId === undefined ? { packageId, up, down } : { packageId, subUserId, up, down };

const batchLine = (batch: UsageBatch) =>
  `${JSON.stringify({ b: batch.flushId, h: batch.hour.getTime(), d: toRows(batch.deltas) } satisfies Line)}\n`;

/** Journals of this process that are open: another journal with this pid is an orphan. */
const openHere = new Set<string>();

/**
 * The batches a journal holds: every collected batch, and for an interval that was never
 * collected (the process died in it) the sum of what was noted of it. A torn last line (a
 * write cut by the crash) is skipped.
 */
export const readJournal = (text: string): { header: Header | null; batches: UsageBatch[] } => {
  const lines = text.split('\n');
  let header: Header | null = null;
  const collected = new Map<string, UsageBatch>();
  /** Sums per package, and per sub-user (`package/sub-user`). */
  const noted = new Map<string, { hour: number; sums: Map<string, UsageDelta> }>();
  for (const [index, raw] of lines.entries()) {
    if (raw === '') continue;
    let line: Header | Line;
    try {
      line = JSON.parse(raw) as Header | Line;
    } catch {
      continue;
    }
    if (index === 0 && 'journal' in line) {
      header = line;
      continue;
    }
    if ('b' in line) {
      collected.set(line.b, {
        flushId: line.b,
        hour: new Date(line.h),
        deltas: line.d.map(fromRow),
      });
    } else if ('n' in line) {
      let interval = noted.get(line.n);
      if (!interval) {
        interval = { hour: line.h, sums: new Map() };
        noted.set(line.n, interval);
      }
      for (const row of line.d) {
        const delta = fromRow(row);
        const key = `${delta.packageId}/${delta.subUserId ?? ''}`;
        const sum = interval.sums.get(key);
        if (sum === undefined) interval.sums.set(key, delta);
        else {
          sum.up += delta.up;
          sum.down += delta.down;
        }
      }
    }
  }
  const batches = [...collected.values()];
  for (const [flushId, interval] of noted)
    if (!collected.has(flushId))
      batches.push({ flushId, hour: new Date(interval.hour), deltas: [...interval.sums.values()] });
  return { header, batches };
};

/**
 * The usage journal of one gateway instance (decision 180): a file in GATEWAY_JOURNAL_DIR that
 * holds every byte counted and not yet in the database, so that neither a database outage nor
 * a crash of the gateway loses billed traffic.
 *
 * - `note` appends what was counted in the running interval every GATEWAY_JOURNAL_INTERVAL_MS
 *   (a write into the page cache: a killed process loses nothing written).
 * - `collected` appends the interval's batch, which supersedes its notes, and is made durable
 *   (fdatasync) before the batch is written to the database: once per flush interval.
 * - `settled` starts the journal over when the database holds every batch.
 * - At open, journals left by instances that are gone (a dead pid, or one of this process no
 *   longer open) are taken over: their batches are returned for writing, and copied into this
 *   journal before their file is removed. Batches carry their flush ids, so one written
 *   before the crash is not added twice.
 */
export class UsageJournal {
  readonly #file: string;
  readonly #header: string;
  readonly #onError: (error: unknown) => void;
  #fd = -1;
  #bytes = 0;
  /** The last write failed: the next failure is not reported again. */
  #isFailing = false;

  private constructor(file: string, header: string, onError: (error: unknown) => void) {
    this.#file = file;
    this.#header = header;
    this.#onError = onError;
  }

  /**
   * Opens the instance's journal; `adopted` are the batches of journals it took over. A write
   * that fails later (a full disk) goes to `onError`, once until one succeeds again: the usage
   * then stays in memory only, as it would without a journal, and relaying goes on.
   */
  static open(
    dir: string,
    instanceId: string,
    onError: (error: unknown) => void,
  ): { journal: UsageJournal; adopted: UsageBatch[] } {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${instanceId}${SUFFIX}`);
    const adopted: UsageBatch[] = [];
    const orphans: string[] = [];
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(SUFFIX)) continue;
      const other = path.join(dir, name);
      if (openHere.has(other)) continue;
      const { header, batches } = readJournal(readFileSync(other, 'utf8'));
      const isOwnersGone =
        other === file ||
        header === null ||
        header.pid === process.pid ||
        !isProcessAlive(header.pid);
      if (!isOwnersGone) continue;
      adopted.push(...batches);
      orphans.push(other);
    }
    const header = `${JSON.stringify({ journal: 1, pid: process.pid, instance: instanceId } satisfies Header)}\n`;
    const journal = new UsageJournal(file, header, onError);
    journal.#rewrite(adopted);
    // Another instance starting now may have taken one over too: the flush ids keep the
    // database from counting it twice.
    for (const orphan of orphans) if (orphan !== file) rmSync(orphan, { force: true });
    openHere.add(file);
    return { journal, adopted };
  }

  /** Bytes counted in the running interval (`flushId`) since the last note. */
  note(flushId: string, hour: Date, deltas: readonly UsageDelta[]) {
    if (deltas.length === 0) return;
    this.#try(() =>
      this.#append(
        `${JSON.stringify({ n: flushId, h: hour.getTime(), d: toRows(deltas) } satisfies Line)}\n`,
      ),
    );
  }

  /**
   * The interval's batch; resolves once it is on disk. `pending` are all batches not yet in the
   * database (this one included): a journal grown past COMPACT_BYTES is rewritten with them only.
   */
  collected(batch: UsageBatch, pending: readonly UsageBatch[]): Promise<void> {
    this.#try(() => {
      this.#append(batchLine(batch));
      if (this.#bytes > COMPACT_BYTES) this.#rewrite(pending);
    });
    return new Promise((resolve) => {
      fdatasync(this.#fd, (error) => {
        if (error) this.#fail(error);
        resolve();
      });
    });
  }

  /** The database holds every batch: the journal starts over. */
  settled() {
    this.#try(() => {
      ftruncateSync(this.#fd, 0);
      this.#bytes = 0;
      this.#append(this.#header);
    });
  }

  /** Closes the journal; an empty one (`settled` last) is removed. */
  close(isSettled: boolean) {
    openHere.delete(this.#file);
    this.#try(() => {
      closeSync(this.#fd);
      if (isSettled) unlinkSync(this.#file);
    });
  }

  #try(write: () => void) {
    try {
      write();
      this.#isFailing = false;
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown) {
    if (!this.#isFailing) this.#onError(error);
    this.#isFailing = true;
  }

  #append(text: string) {
    writeSync(this.#fd, text);
    this.#bytes += Buffer.byteLength(text);
  }

  #rewrite(pending: readonly UsageBatch[]) {
    const fresh = `${this.#file}.new`;
    const text = this.#header + pending.map(batchLine).join('');
    writeFileSync(fresh, text);
    const fd = openSync(fresh, 'a');
    fsyncSync(fd);
    renameSync(fresh, this.#file);
    if (this.#fd >= 0) closeSync(this.#fd);
    this.#fd = fd;
    this.#bytes = Buffer.byteLength(text);
  }
}
