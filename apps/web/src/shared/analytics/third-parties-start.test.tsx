import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { FIRST_SCREEN_FALLBACK_MS, markFirstScreenShown } from '../lib/after-paint';
import { ThirdParties } from './third-parties';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ThirdParties start', () => {
  it('reads the configuration only after the first screen is shown and painted', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn((_input: string) =>
      Promise.resolve(
        Response.json({ supportMessengerUrl: null, analytics: null, liveChat: null }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ThirdParties />);

    // The loader alone is up: the configuration waits (up to the fallback).
    await act(() => vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS - 500));
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => markFirstScreenShown());
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual(['/api/app/config']);
  });
});
