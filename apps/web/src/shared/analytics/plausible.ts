import type { AnalyticsConfig } from '@proxy/contract';
import type { AnalyticsSink } from './analytics';

type PlausibleConfig = Extract<AnalyticsConfig, { provider: 'plausible' }>;

/**
 * Plausible's Events API (`POST {apiHost}/api/event`), called directly: no script of theirs
 * runs in the cabinet, and the payload is exactly what the adapter allows. text/plain keeps it
 * a simple CORS request (as Plausible's own script sends it); keepalive lets an event sent
 * just before a navigation away (top-up checkout) arrive.
 */
export const plausibleSink = ({ apiHost, domain }: PlausibleConfig): AnalyticsSink => {
  const send = (name: string, path: string, props?: Readonly<Record<string, string>>) => {
    const body = {
      name,
      url: `${window.location.origin}${path}`,
      domain,
      ...(props && Object.keys(props).length > 0 ? { props } : {}),
    };
    fetch(`${apiHost}/api/event`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    }).catch(() => {
      // Analytics never disturbs the cabinet: a lost event is only a lost event.
    });
  };
  return {
    pageView: (path) => send('pageview', path),
    event: (name, props, path) => send(name, path, props),
  };
};
