import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppConfig } from '@proxy/contract';
import { renderWithProviders } from '../../test/render';
import { useAppConfig } from '../config/app-config';
import { markFirstScreenShown } from '../lib/after-paint';
import { connectAnalytics, trackPageView } from './analytics';
import { CONSENT_STORAGE_KEY, useConsentStore } from './consent';
import { ThirdParties } from './third-parties';

const BARE: AppConfig = {
  supportMessengerUrl: 'https://t.me/example_help',
  analytics: null,
  liveChat: null,
};
const WITH_PLAUSIBLE: AppConfig = {
  ...BARE,
  analytics: { provider: 'plausible', apiHost: 'https://stats.example.net', domain: 'c.example' },
};

let fetchMock: ReturnType<typeof vi.fn>;
const serve = (config: AppConfig) => {
  fetchMock = vi.fn((input: string) =>
    Promise.resolve(
      input.endsWith('/app/config') ? Response.json(config) : new Response(null, { status: 202 }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
};
/** Renders the component; the banner comes once the page is idle and the config is read. */
const renderAndFindBanner = () => {
  renderWithProviders(<ThirdParties />);
  return screen.findByRole('region', { name: 'Analytics and chat' }, { timeout: 3000 });
};
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

/** Shows once the page has the server's configuration (it never asks for it itself). */
const ConfigRead = () => {
  const { data } = useAppConfig({ isEnabled: false });
  return data ? <p>configuration read</p> : null;
};

/**
 * Loads the code ThirdParties loads lazily (the banner, the services and their provider): the
 * imports it started before resolve before these, so what they set off (a banner, a request)
 * has happened once this returns.
 */
const settleLazyParts = () =>
  act(async () => {
    await import('./consent-banner');
    await import('./start-third-parties');
    await import('./plausible');
  });

// The page's first screen is up (third-parties-start.test.tsx checks the wait for it).
beforeAll(markFirstScreenShown);
beforeEach(() => {
  window.localStorage.clear();
  useConsentStore.setState({ consent: null });
});
afterEach(() => {
  connectAnalytics(null);
  vi.unstubAllGlobals();
});

describe('ThirdParties', () => {
  it('without configuration: no banner, and no request but our own configuration', async () => {
    serve(BARE);
    trackPageView('/cabinet/packages');
    renderWithProviders(
      <>
        <ThirdParties />
        <ConfigRead />
      </>,
    );
    // The configuration reached the page (the render that has it is committed)...
    await screen.findByText('configuration read', undefined, { timeout: 3000 });
    // ...and what it could have set off has come: the banner's and the services' code, loaded
    // here after any load the component started.
    await settleLazyParts();
    expect(screen.queryByRole('region', { name: 'Analytics and chat' })).toBeNull();
    expect(requested()).toEqual(['/api/app/config']);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  // Before the test that allows: the services start once per page, so a start after a decline
  // would show only while they have not started yet.
  it('declined: the answer is kept and nothing is sent', async () => {
    serve(WITH_PLAUSIBLE);
    trackPageView('/cabinet/top-up');
    const banner = await renderAndFindBanner();
    await userEvent.click(within(banner).getByRole('button', { name: 'Decline' }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
    trackPageView('/cabinet/transactions');
    // The services' code, loaded here after any load the answer started: a start would have
    // reported the page by now.
    await settleLazyParts();
    expect(requested()).toEqual(['/api/app/config']);
  });

  it('with Plausible: asks first, sends nothing before consent, reports the page after', async () => {
    serve(WITH_PLAUSIBLE);
    trackPageView('/cabinet/buy');
    const banner = await renderAndFindBanner();
    expect(requested()).toEqual(['/api/app/config']);
    await userEvent.click(within(banner).getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(requested()).toEqual(['/api/app/config', 'https://stats.example.net/api/event']),
    );
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(screen.queryByRole('region', { name: 'Analytics and chat' })).toBeNull();
  });
});
