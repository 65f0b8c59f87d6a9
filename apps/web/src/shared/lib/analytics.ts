/** A minimal analytics sink: pushes events to `window.dataLayer` (no external script). */
export type AnalyticsEvent = { event: string } & Record<string, unknown>;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

export const trackEvent = (event: AnalyticsEvent): void => {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
};

export const trackPageView = (path: string): void => {
  trackEvent({ event: 'page_view', page_path: path });
};
