import type { Readable, Writable } from 'node:stream';
import type { UsageCounter } from '../metering/usage-meter.ts';

/**
 * What may pass right now for a package: its traffic budget or its speed. `take` returns how
 * many of `n` bytes may go at once (and spends them); when it returns less, `wait` calls back
 * once more may pass (or never, if the package is cut meanwhile).
 */
export type ByteGate = {
  take: (n: number) => number;
  wait: (resume: () => void) => void;
};

/**
 * One direction of a relay: every chunk from `source` is counted (as `up` or `down`) and written
 * to `sink` as it comes, without copies. A gate may hold part of a chunk back: the part it
 * allows goes (a view, no copy), the source pauses, and the rest goes when the gate calls back.
 * Backpressure from the sink pauses the source until it drains.
 */
export const relay = (
  source: Readable,
  sink: Writable,
  counter: UsageCounter | null,
  isUp: boolean,
  gate: ByteGate | null,
) => {
  let held: Buffer | null = null;
  let isDraining = false;

  const write = (chunk: Buffer) => {
    if (counter !== null) {
      if (isUp) counter.up += chunk.length;
      else counter.down += chunk.length;
    }
    if (!sink.write(chunk)) {
      isDraining = true;
      source.pause();
    }
  };

  /** Writes what the gate allows; true when the whole chunk went. */
  const offer = (chunk: Buffer): boolean => {
    if (gate === null) {
      write(chunk);
      return true;
    }
    const allowed = gate.take(chunk.length);
    if (allowed >= chunk.length) {
      write(chunk);
      return true;
    }
    if (allowed > 0) write(chunk.subarray(0, allowed));
    held = chunk.subarray(allowed);
    source.pause();
    gate.wait(retry);
    return false;
  };

  const retry = () => {
    const chunk = held;
    if (chunk === null || source.destroyed || sink.destroyed) return;
    held = null;
    if (offer(chunk) && !isDraining) source.resume();
  };

  source.on('data', (chunk: Buffer) => {
    offer(chunk);
  });
  sink.on('drain', () => {
    isDraining = false;
    if (held === null) source.resume();
  });
};
