import type { AnalyticsConfig } from '@proxy/contract';
import type { AnalyticsSink } from './analytics';
import { loadScript } from './load-script';

type Ga4Config = Extract<AnalyticsConfig, { provider: 'ga4' }>;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';

/**
 * Google Analytics 4 through gtag.js, set up from this module (no inline snippet). Automatic
 * page views are off and every hit names its page explicitly, so Google sees the normalised
 * path rather than the address bar (ids, query strings); Google signals and ad
 * personalisation are off.
 */
export const ga4Sink = ({ measurementId }: Ga4Config): AnalyticsSink => {
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- the shape gtag.js expects
    dataLayer.push(arguments);
  };
  const gtag = window.gtag;
  const pageOf = (path: string) => ({
    page_location: `${window.location.origin}${path}`,
    page_referrer: '',
    page_title: document.title,
  });
  gtag('js', new Date());
  gtag('config', measurementId, {
    send_page_view: false,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
    ...pageOf('/'),
  });
  loadScript(`${GTAG_URL}?id=${encodeURIComponent(measurementId)}`).catch(() => {
    // Blocked or offline: the cabinet works on without analytics.
  });
  return {
    pageView: (path) => gtag('event', 'page_view', pageOf(path)),
    event: (name, props, path) => gtag('event', name, { ...props, ...pageOf(path) }),
  };
};
