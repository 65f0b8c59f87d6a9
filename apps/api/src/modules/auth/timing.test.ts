import { describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, useTestApp, type TestContext } from '../../../test/helpers.ts';

// The mail worker polls once a minute here: its draining of the queued jobs would add bursts of
// background load to the measurement (noise only: the request path is what is compared).
const ctx: TestContext = useTestApp({ JOBS_POLL_SECONDS: '60' });

const SAMPLES = 200;
const WARM_UP = 30;
/** Addresses per side; each is asked SAMPLES / ADDRESSES times, as an attacker re-probing would. */
const ADDRESSES = 20;
const MAX_DIFFERENCE = 0.1;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const timed = async (url: string, email: string) => {
  const started = performance.now();
  const response = await ctx.api.request('POST', url, { payload: { email } });
  const elapsed = performance.now() - started;
  expect(response.statusCode).toBe(200);
  return elapsed;
};

/**
 * Median answer times for known and unknown addresses. On a busy 2-core machine most of a
 * request's time is waiting for a core (here 2-3 ms of work spread over 3-20 ms), and the load
 * drifts during a run. So: a warm-up; the two kinds interleaved one by one, alternating which
 * goes first, so drift hits both alike; and each of the 200 samples per kind is the fastest of
 * TRIES requests, which strips the waiting and keeps the work (an attacker filters the same way).
 */
const TRIES = 5;
const measure = async (url: string, known: string[], unknown: string[]) => {
  for (let i = 0; i < WARM_UP; i += 1) {
    await timed(url, known[i % known.length] ?? '');
    await timed(url, unknown[i % unknown.length] ?? '');
  }
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const knownEmail = known[i % known.length] ?? '';
    const unknownEmail = unknown[i % unknown.length] ?? '';
    let knownBest = Infinity;
    let unknownBest = Infinity;
    for (let t = 0; t < TRIES; t += 1) {
      if ((i * TRIES + t) % 2 === 0) {
        knownBest = Math.min(knownBest, await timed(url, knownEmail));
        unknownBest = Math.min(unknownBest, await timed(url, unknownEmail));
      } else {
        unknownBest = Math.min(unknownBest, await timed(url, unknownEmail));
        knownBest = Math.min(knownBest, await timed(url, knownEmail));
      }
    }
    knownTimes.push(knownBest);
    unknownTimes.push(unknownBest);
  }
  const knownMedian = median(knownTimes);
  const unknownMedian = median(unknownTimes);
  return {
    knownMedian,
    unknownMedian,
    difference: Math.abs(knownMedian - unknownMedian) / Math.min(knownMedian, unknownMedian),
  };
};

describe('no account enumeration through timing', () => {
  // Registered on first use (in the test, so its time counts against the test's own timeout).
  const known: string[] = [];
  const unknown = Array.from({ length: ADDRESSES }, () => uniqueEmail('ghost'));

  it.each(['/api/forgot-password', '/api/email/verify'])(
    '%s: the medians of 200 samples for known and unknown addresses differ by at most 10 percent',
    async (url) => {
      if (known.length === 0) {
        for (let i = 0; i < ADDRESSES; i += 1) known.push((await registerUser(ctx.app)).email);
      }
      const result = await measure(url, known, unknown);
      expect(
        result.difference,
        `known ${result.knownMedian.toFixed(2)} ms, unknown ${result.unknownMedian.toFixed(2)} ms`,
      ).toBeLessThanOrEqual(MAX_DIFFERENCE);
    },
    120_000,
  );
});
