import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { markFirstScreenShown } from '../../../shared/lib/after-paint';
import { renderWithProviders } from '../../../test/render';
import { GoogleButton } from './google-button';

// The login screen the button belongs to is up (router-first-screen.test.tsx checks the mark).
beforeAll(markFirstScreenShown);
afterEach(() => vi.unstubAllGlobals());

describe('GoogleButton', () => {
  it('asks for the sign-in providers only once the screen has been painted', async () => {
    const fetchMock = vi.fn((_input: string) => Promise.resolve(Response.json({ google: false })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<GoogleButton />);

    // The first frame has the button; the request does not compete with that frame.
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/providers');
    expect(await screen.findByText('Google sign-in is not available on this server')).toBeTruthy();
  });
});
