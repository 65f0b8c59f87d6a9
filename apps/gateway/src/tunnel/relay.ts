import type net from 'node:net';
import type { Readable, Writable } from 'node:stream';
import type { UsageCounter } from '../metering/usage-meter.ts';
import type { UpstreamReads } from './upstream-reads.ts';

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
 * Spends `n` bytes of `gate` as one piece (a message head the relays do not carry), then calls
 * `go`, which sends them: at once when the gate has them, else once it gave them all. A package
 * cut meanwhile never calls back; its connections are closed.
 */
export const passWhole = (gate: ByteGate | null, n: number, go: () => void) => {
  if (gate === null) return go();
  const taken = gate.take(n);
  if (taken >= n) return go();
  gate.wait(() => passWhole(gate, n - taken, go));
};

export type RelayState = {
  source: Readable;
  sink: Writable;
  counter: UsageCounter | null;
  isUp: boolean;
  gate: ByteGate | null;
  /**
   * The source reads through UpstreamReads: chunks may be views of a buffer its next read
   * refills, so the source stays paused while any write is pending (not only above the sink's
   * high-water mark), and `written` resumes it.
   */
  isReads: boolean;
  /**
   * The part of a chunk the gate held back. It may be a view of a read buffer: the source stays
   * paused until it went and its write finished, so that buffer is not refilled meanwhile.
   */
  held: Buffer | null;
  isDraining: boolean;
  /** The source ended: `onEnd` runs once nothing is held back any more. */
  isEnded: boolean;
  onEnd: (state: RelayState) => void;
  /** The callback that resumes the source once pending writes went (made on first need). */
  written: (() => void) | null;
};

const EMPTY = Buffer.alloc(0);

// Module-level functions over a state object, not closures per relay: this runs for every
// chunk and every forwarded request.

/** Counts and writes a chunk; false when the source must wait for the sink (it is paused). */
const write = (state: RelayState, chunk: Buffer): boolean => {
  if (state.counter !== null) {
    if (state.isUp) state.counter.up += chunk.length;
    else state.counter.down += chunk.length;
  }
  if (state.isReads) {
    state.sink.write(chunk);
    if (state.sink.writableLength === 0) return true;
    // Pending: an empty write's callback comes once everything before it went. Only then: a
    // callback on every write costs a tick and an allocation per write, also when it went at once.
    state.sink.write(EMPTY, writtenOf(state));
  } else if (state.sink.write(chunk)) return true;
  state.isDraining = true;
  if (!state.isReads) state.source.pause();
  return false;
};

/**
 * The relay's write callback, made the first time a write is pending: a tunnel whose writes
 * always went at once (most idle ones) never holds it. A function of its own, so that `write`
 * allocates no context when it does not need one.
 */
const writtenOf = (state: RelayState): (() => void) => (state.written ??= () => drained(state));

/** Writes what the gate allows; true when the whole chunk went and the source may go on. */
const offer = (state: RelayState, gate: ByteGate, chunk: Buffer): boolean => {
  const allowed = gate.take(chunk.length);
  if (allowed >= chunk.length) return write(state, chunk);
  if (allowed > 0) write(state, chunk.subarray(0, allowed));
  state.held = chunk.subarray(allowed);
  if (!state.isReads) state.source.pause();
  gate.wait(() => retry(state, gate));
  return false;
};

const retry = (state: RelayState, gate: ByteGate) => {
  const chunk = state.held;
  // A source that ended normally is destroyed too (autoDestroy): its held bytes still go.
  if (chunk === null || (state.source.destroyed && !state.isEnded) || state.sink.destroyed) return;
  state.held = null;
  offer(state, gate, chunk);
  // Held back again: the gate calls back once more.
  if (state.held !== null) return;
  if (state.isEnded) state.onEnd(state);
  else if (!state.isDraining) state.source.resume();
};

/** The sink took everything written so far: the source may read again. */
const drained = (state: RelayState) => {
  if (!state.isDraining || state.sink.writableLength > 0) return;
  state.isDraining = false;
  if (state.held === null && !state.isEnded) state.source.resume();
};

const ended = (state: RelayState) => {
  state.isEnded = true;
  // The end waits for bytes the gate still holds (a paused source may end after its last chunk).
  if (state.held === null) state.onEnd(state);
};

const take = (state: RelayState, chunk: Buffer): boolean =>
  state.gate === null ? write(state, chunk) : offer(state, state.gate, chunk);

/**
 * A stream's relay state, kept on the stream itself: the listeners below are one function each
 * for every relay (an idle tunnel holds no closure per event), and find their relay from the
 * stream that emits (`this`, as EventEmitter calls a listener).
 */
const SOURCE_OF = Symbol('relay.sourceOf');
const SINK_OF = Symbol('relay.sinkOf');
type RelaySource = Readable & { [SOURCE_OF]?: RelayState };
type RelaySink = Writable & { [SINK_OF]?: RelayState };

function onSourceData(this: RelaySource, chunk: Buffer) {
  const state = this[SOURCE_OF];
  if (state !== undefined) take(state, chunk);
}

function onSourceEnd(this: RelaySource) {
  const state = this[SOURCE_OF];
  if (state !== undefined) ended(state);
}

function onSinkDrain(this: RelaySink) {
  const state = this[SINK_OF];
  if (state !== undefined) drained(state);
}

/** The `onEnd` of a relay whose end is the sink's end (a tunnel's half-close passed on). */
export const endSink = (state: { sink: Writable }) => {
  state.sink.end();
};

/**
 * One direction of a relay: every chunk from `source` is counted (as `up` or `down`) and written
 * to `sink` as it comes, without copies. A gate may hold part of a chunk back: the part it
 * allows goes (a view, no copy), the source pauses, and the rest goes when the gate calls back.
 * Backpressure from the sink pauses the source until it drains. `onEnd` runs once the source
 * ended and everything it sent went on (pass the end to the sink there: `endSink`).
 *
 * `reads`: the source is a socket made with those UpstreamReads (its bytes come through them,
 * not as 'data' events).
 */
export const relay = (
  source: Readable,
  sink: Writable,
  counter: UsageCounter | null,
  isUp: boolean,
  gate: ByteGate | null,
  onEnd: (state: RelayState) => void,
  reads: UpstreamReads | null = null,
) => {
  const state = relayState({ source, sink, counter, isUp, gate, onEnd, isReads: reads !== null });
  (source as RelaySource)[SOURCE_OF] = state;
  source.on('end', onSourceEnd);
  if (reads !== null) {
    reads.attach(take, state, source as net.Socket);
    return;
  }
  (sink as RelaySink)[SINK_OF] = state;
  source.on('data', onSourceData);
  sink.on('drain', onSinkDrain);
};

/** What a relay is given; the rest of its state starts empty. */
type RelayEnds = Pick<
  RelayState,
  'source' | 'sink' | 'counter' | 'isUp' | 'gate' | 'onEnd' | 'isReads'
>;

/**
 * Each field copied by name: a spread here made V8 build the state slowly (5 µs per relay in
 * profiles).
 */
const relayState = (ends: RelayEnds): RelayState => {
  const state: RelayState = {
    source: ends.source,
    sink: ends.sink,
    counter: ends.counter,
    isUp: ends.isUp,
    gate: ends.gate,
    isReads: ends.isReads,
    held: null,
    isDraining: false,
    isEnded: false,
    onEnd: ends.onEnd,
    written: null,
  };
  return state;
};
