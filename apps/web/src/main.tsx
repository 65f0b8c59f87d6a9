import './app/security-boot';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from './app/app';
import { QUERY_STATE_ELEMENT_ID, SIGNED_IN_SESSION } from './app/drawn-document';
import { queryClient } from './app/query-client';
import { routes, preloadRoutes, routeNamespaces } from './app/router';
import { currentLanguage, initI18n, preloadNamespaces } from './shared/i18n/i18n';
import { whenPainted } from './shared/lib/after-paint';
import { storeReferralCode } from './shared/lib/referral-code';
import { listenToOtherTabs } from './shared/session/logout';
import { useSessionStore } from './shared/session/session-store';
import './shared/stores/promo-store';
import './shared/ui/styles/tokens.css';
import './shared/ui/styles/global.css';
import './shared/ui/styles/ui.css';

// The referral code is read at start from the register URL (spec section 3).
const startParams = new URLSearchParams(window.location.search);
const startRef = startParams.get('ref');
if (startRef && /\/register\/?$/.test(window.location.pathname)) storeReferralCode(startRef);

listenToOtherTabs();

// A screen the server drew for a signed-in visitor comes with the query cache it was drawn from
// (src/app/prerender.tsx): the app starts with it, so its first render draws the same and the
// profile is not asked for again.
const queryState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
const isSignedIn = Boolean(useSessionStore.getState().token);
if (queryState && isSignedIn) hydrate(queryClient, JSON.parse(queryState) as DehydratedState);

// The first render waits for the first screen's chunks and translations (the document preloads
// them): nothing on it suspends, so it is drawn in one go. A loader drawn first would hold the
// screen back by React's throttle on revealing what replaces a loader (300 ms).
const { pathname } = window.location;
const firstScreen = Promise.allSettled([
  preloadRoutes(routes, pathname),
  initI18n().then(() => preloadNamespaces(routeNamespaces(routes, pathname))),
]);

/**
 * A document can hold its screen drawn in one language, for a guest (at build time) or for a
 * signed-in visitor (by the server): the browser hydrates it when it draws the same, a visitor of
 * that kind in that language. Otherwise the drawn screen stays until the app's first render
 * replaces it.
 */
const canHydrate = (container: HTMLElement): boolean =>
  container.dataset.prerendered === currentLanguage() &&
  isSignedIn === (container.dataset.session === SIGNED_IN_SESSION);

const container = document.getElementById('root');
if (container) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  void firstScreen.then(() => {
    if (canHydrate(container)) {
      // The drawn screen paints first; hydrating (which measures the page) comes after, as a
      // transition: time-sliced like the first render below, so the page answers input while
      // React takes it over.
      whenPainted(() => startTransition(() => void hydrateRoot(container, app)));
      return;
    }
    const root = createRoot(container);
    // As a transition the first render is time-sliced: React yields to the browser every few
    // milliseconds instead of blocking the main thread for the whole tree (Total Blocking Time).
    startTransition(() => root.render(app));
  });
}
