import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './load-script';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('waits for the page to finish loading, then for an idle moment', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const requestIdle = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const run = vi.fn();

    whenIdle(run);
    // While the first screen's files still load, an idle moment is only a wait for the network.
    expect(requestIdle).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(requestIdle).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the load: never runs', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const requestIdle = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());

    const cancel = whenIdle(vi.fn());
    cancel();
    window.dispatchEvent(new Event('load'));
    expect(requestIdle).not.toHaveBeenCalled();
  });
});
