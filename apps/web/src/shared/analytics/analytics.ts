/**
 * The one analytics adapter (docs/decisions/147). Screens report navigations and the few
 * business events below; where they go is decided by the server's configuration and the
 * visitor's consent (`connectAnalytics`). With no provider connected nothing is kept or sent.
 *
 * What an event may carry: a normalised path (no query, no fragment, no ids) and the
 * properties typed here, each a short lower-case token from a fixed set (a sign-up method, a
 * payment method, a product family). Never an e-mail, name, id, amount or free text: a value
 * that is not such a token is dropped before it reaches a provider.
 */
export type AnalyticsEvents = {
  /** An account was created through the form. */
  user_registration: { method: 'email' };
  /** A top-up payment was created and the customer sent to checkout. */
  top_up: Record<string, never>;
  /** A package was bought from the balance. */
  purchase: { product: string };
};
export type AnalyticsEventName = keyof AnalyticsEvents;
export type AnalyticsProps = Readonly<Record<string, string>>;

/** A connected provider (Plausible, GA4): receives only normalised, checked data. */
export type AnalyticsSink = {
  pageView: (path: string) => void;
  event: (name: AnalyticsEventName, props: AnalyticsProps, path: string) => void;
};

const TOKEN = /^[a-z][a-z0-9_-]{0,31}$/;
/** A path segment that names a record rather than a screen: digits, long tokens, escapes. */
const isIdSegment = (segment: string) =>
  /\d/.test(segment) || segment.length > 32 || /[^a-z_-]/i.test(segment);

/** `/cabinet/packages/dynamic/list/42?x=1#y` -> `/cabinet/packages/dynamic/list/:id`. */
export const normalisePath = (location: string): string => {
  const path = location.split(/[?#]/, 1)[0] || '/';
  return path
    .split('/')
    .map((segment) => (segment && isIdSegment(segment) ? ':id' : segment))
    .join('/');
};

/** Keeps only properties whose value is a short token (never an address, number or text). */
export const safeProps = (props: Readonly<Record<string, unknown>>): AnalyticsProps =>
  Object.fromEntries(
    Object.entries(props).filter(
      (entry): entry is [string, string] =>
        TOKEN.test(entry[0]) && typeof entry[1] === 'string' && TOKEN.test(entry[1]),
    ),
  );

let sink: AnalyticsSink | null = null;
let lastLocation: string | null = null;

const currentPath = () =>
  normalisePath(lastLocation ?? (typeof window === 'undefined' ? '/' : window.location.pathname));

/** Every navigation (the router's location): reported once per path change. */
export const trackPageView = (location: string): void => {
  const pathname = location.split(/[?#]/, 1)[0] || '/';
  if (pathname === lastLocation) return;
  lastLocation = pathname;
  sink?.pageView(normalisePath(pathname));
};

export const trackEvent = <N extends AnalyticsEventName>(
  name: N,
  props: AnalyticsEvents[N],
): void => {
  sink?.event(name, safeProps(props), currentPath());
};

/**
 * Connects a provider after consent (the current page is reported at once, as the visit's
 * first page view) or disconnects it (`null`). Nothing before the connection is replayed.
 */
export const connectAnalytics = (next: AnalyticsSink | null): void => {
  sink = next;
  if (next && lastLocation !== null) next.pageView(currentPath());
};
