import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mbpsToBytesPerSecond, TokenBucket } from './token-bucket.ts';

const CHUNK = 64 * 1024;

/**
 * `n` connections that always have another 64 KiB chunk to send, each passing its chunks
 * through `bucket` as the relays do (relay.ts `offer`): what the bucket allows goes, the
 * rest is held until the bucket calls back. A connection's next chunk comes in a later turn, as
 * the next read does. Returns the bytes each has sent so far.
 */
const saturate = (bucket: TokenBucket, n: number) => {
  const sent = Array.from({ length: n }, () => 0);
  const offer = (index: number, bytes: number) => {
    const allowed = bucket.take(bytes);
    sent[index] = (sent[index] ?? 0) + allowed;
    if (allowed < bytes) bucket.wait(() => offer(index, bytes - allowed));
    else queueMicrotask(() => offer(index, CHUNK));
  };
  for (let index = 0; index < n; index += 1) offer(index, CHUNK);
  return sent;
};

describe('TokenBucket (the speed limit of an unlimited package)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets bytes through at its rate however many connections push, shared evenly', async () => {
    const rate = mbpsToBytesPerSecond(8); // 1,000,000 bytes/s
    const bucket = new TokenBucket(rate);
    const sent = saturate(bucket, 4);
    await vi.advanceTimersByTimeAsync(4_000);
    const total = sent.reduce((sum, bytes) => sum + bytes, 0);
    // The rate over 4 s, on top of the 50 ms burst the full bucket starts with, less at most
    // the quantum the next turn is waiting for.
    expect(total).toBeLessThanOrEqual(4 * rate + rate / 20);
    expect(total).toBeGreaterThan(4 * rate - 16 * 1024);
    for (const bytes of sent) expect(Math.abs(bytes - total / 4)).toBeLessThan(CHUNK);
  });
});
