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

type RelayState = {
  source: Readable;
  sink: Writable;
  counter: UsageCounter | null;
  isUp: boolean;
  /** The part of a chunk the gate held back. */
  held: Buffer | null;
  isDraining: boolean;
  /** The source ended: `onEnd` runs once nothing is held back any more. */
  isEnded: boolean;
  onEnd: () => void;
};

// Module-level functions over a state object, not closures per relay: this runs for every
// chunk and every forwarded request (and tsx's keepNames would wrap each named closure again).

const write = (state: RelayState, chunk: Buffer) => {
  if (state.counter !== null) {
    if (state.isUp) state.counter.up += chunk.length;
    else state.counter.down += chunk.length;
  }
  if (!state.sink.write(chunk)) {
    state.isDraining = true;
    state.source.pause();
  }
};

/** Writes what the gate allows; true when the whole chunk went. */
const offer = (state: RelayState, gate: ByteGate, chunk: Buffer): boolean => {
  const allowed = gate.take(chunk.length);
  if (allowed >= chunk.length) {
    write(state, chunk);
    return true;
  }
  if (allowed > 0) write(state, chunk.subarray(0, allowed));
  state.held = chunk.subarray(allowed);
  state.source.pause();
  gate.wait(() => retry(state, gate));
  return false;
};

const retry = (state: RelayState, gate: ByteGate) => {
  const chunk = state.held;
  // A source that ended normally is destroyed too (autoDestroy): its held bytes still go.
  if (chunk === null || (state.source.destroyed && !state.isEnded) || state.sink.destroyed) return;
  state.held = null;
  if (!offer(state, gate, chunk)) return;
  if (state.isEnded) state.onEnd();
  else if (!state.isDraining) state.source.resume();
};

const ended = (state: RelayState) => {
  state.isEnded = true;
  // The end waits for bytes the gate still holds (a paused source may end after its last chunk).
  if (state.held === null) state.onEnd();
};

/**
 * One direction of a relay: every chunk from `source` is counted (as `up` or `down`) and written
 * to `sink` as it comes, without copies. A gate may hold part of a chunk back: the part it
 * allows goes (a view, no copy), the source pauses, and the rest goes when the gate calls back.
 * Backpressure from the sink pauses the source until it drains. `onEnd` runs once the source
 * ended and everything it sent went on (pass the end to the sink there).
 */
export const relay = (
  source: Readable,
  sink: Writable,
  counter: UsageCounter | null,
  isUp: boolean,
  gate: ByteGate | null,
  onEnd: () => void,
) => {
  const state: RelayState = {
    source,
    sink,
    counter,
    isUp,
    held: null,
    isDraining: false,
    isEnded: false,
    onEnd,
  };
  source.on('end', () => ended(state));
  if (gate === null) source.on('data', (chunk: Buffer) => write(state, chunk));
  else source.on('data', (chunk: Buffer) => offer(state, gate, chunk));
  sink.on('drain', () => {
    state.isDraining = false;
    if (state.held === null) source.resume();
  });
};
