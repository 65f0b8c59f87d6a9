import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectAnalytics, normalisePath, safeProps, trackEvent, trackPageView } from './analytics';
import { ga4Sink } from './ga4';
import { plausibleSink } from './plausible';

const PLAUSIBLE = {
  provider: 'plausible',
  apiHost: 'https://stats.example.net',
  domain: 'cabinet.example.net',
} as const;

let fetchMock: ReturnType<typeof vi.fn>;
let page = 0;
/** A path not reported yet (the adapter reports a path once per change). */
const nextPath = (path: string) => `${path}/${'x'.repeat(++page)}`;

const sentBodies = () =>
  fetchMock.mock.calls.map(([url, init]) => {
    expect(url).toBe('https://stats.example.net/api/event');
    const request = init as RequestInit;
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('omit');
    return JSON.parse(request.body as string) as Record<string, unknown>;
  });

beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  connectAnalytics(null);
  vi.unstubAllGlobals();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete window.gtag;
  delete window.dataLayer;
});

describe('normalisePath', () => {
  it('drops query and fragment and replaces ids with :id', () => {
    expect(normalisePath('/cabinet/packages/dynamic/list/42')).toBe(
      '/cabinet/packages/dynamic/list/:id',
    );
    expect(normalisePath('/cabinet/buy?subscribe_promo=1&email=a@b.example#top')).toBe(
      '/cabinet/buy',
    );
    expect(normalisePath('/cabinet/dynamic/api-tools/pk_9f8e7d6c5b4a')).toBe(
      '/cabinet/dynamic/api-tools/:id',
    );
    expect(normalisePath('/statistics/0b7f4c1e-8d5a-4c3b-9a2e-6f1d0c9b8a7e/all')).toBe(
      '/statistics/:id/all',
    );
    expect(normalisePath('/update-password/someone%40example.com')).toBe('/update-password/:id');
    expect(normalisePath('/cabinet/notification-settings')).toBe('/cabinet/notification-settings');
    expect(normalisePath('')).toBe('/');
  });
});

describe('safeProps', () => {
  it('keeps short tokens only: no address, number or text reaches a provider', () => {
    expect(
      safeProps({
        product: 'isp',
        email: 'someone@example.com',
        amount: 25,
        name: 'Jane Doe',
        id: '1234',
      }),
    ).toEqual({ product: 'isp' });
  });
});

describe('no provider configured', () => {
  it('sends nothing and loads no script', () => {
    trackPageView(nextPath('/cabinet/packages'));
    trackEvent('user_registration', { method: 'email' });
    trackEvent('purchase', { product: 'isp' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });
});

describe('Plausible', () => {
  it('posts page views and events with normalised paths and no personal data', () => {
    trackPageView('/cabinet/packages/dynamic/list/42?owner=someone@example.com');
    expect(fetchMock).not.toHaveBeenCalled();
    // Connecting (after consent) reports the page the visitor is on, then every navigation.
    connectAnalytics(plausibleSink(PLAUSIBLE));
    trackPageView('/cabinet/transactions?page=3');
    trackEvent('purchase', { product: 'isp' });
    // A caller slipping personal data past the types still sends none of it.
    trackEvent('purchase', { product: 'someone@example.com' });
    const origin = window.location.origin;
    expect(sentBodies()).toEqual([
      {
        name: 'pageview',
        url: `${origin}/cabinet/packages/dynamic/list/:id`,
        domain: 'cabinet.example.net',
      },
      { name: 'pageview', url: `${origin}/cabinet/transactions`, domain: 'cabinet.example.net' },
      {
        name: 'purchase',
        url: `${origin}/cabinet/transactions`,
        domain: 'cabinet.example.net',
        props: { product: 'isp' },
      },
      { name: 'purchase', url: `${origin}/cabinet/transactions`, domain: 'cabinet.example.net' },
    ]);
    for (const [, init] of fetchMock.mock.calls)
      expect((init as RequestInit).body as string).not.toMatch(/@|42|page=/);
    // No script of Plausible's runs in the cabinet.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('a path already reported is not reported again (query-only changes)', () => {
    connectAnalytics(plausibleSink(PLAUSIBLE));
    const path = nextPath('/cabinet/faq');
    trackPageView(path);
    trackPageView(`${path}?q=proxy`);
    expect(sentBodies().filter((body) => String(body['url']).endsWith(path))).toHaveLength(1);
  });
});

describe('GA4', () => {
  it('loads gtag.js as a script element and names normalised pages only', () => {
    connectAnalytics(ga4Sink({ provider: 'ga4', measurementId: 'G-AB12CD34' }));
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34',
    ]);
    expect(scripts[0]?.textContent).toBe('');
    trackPageView('/cabinet/packages/dynamic/list/77?token=secret');
    const calls = (window.dataLayer ?? []).map((entry) => [...(entry as IArguments)] as unknown[]);
    expect(calls[1]).toEqual([
      'config',
      'G-AB12CD34',
      expect.objectContaining({ send_page_view: false, allow_google_signals: false }),
    ]);
    expect(calls.at(-1)).toEqual([
      'event',
      'page_view',
      expect.objectContaining({
        page_location: `${window.location.origin}/cabinet/packages/dynamic/list/:id`,
      }),
    ]);
    expect(JSON.stringify(calls)).not.toMatch(/secret|77/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
