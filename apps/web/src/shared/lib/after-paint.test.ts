import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_FALLBACK_MS, whenFirstScreenShown } from './after-paint';

afterEach(() => vi.useRealTimers());

describe('whenFirstScreenShown', () => {
  it('runs after the fallback when no first screen marks itself', async () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenFirstScreenShown(run);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
