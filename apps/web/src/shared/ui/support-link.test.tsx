import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { SupportLink } from './support-link';

afterEach(() => vi.unstubAllGlobals());

describe('SupportLink', () => {
  it("points at the server's support messenger channel (SUPPORT_CHAT_URL)", async () => {
    const fetchMock = vi.fn((_url: string) =>
      Promise.resolve(
        Response.json({
          supportMessengerUrl: 'https://t.me/example_help',
          analytics: null,
          liveChat: null,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SupportLink>support chat</SupportLink>);
    const link = screen.getByText('support chat');
    await waitFor(() => expect(link.getAttribute('href')).toBe('https://t.me/example_help'));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/app/config']);
  });
});
