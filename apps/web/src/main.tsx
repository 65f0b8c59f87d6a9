import './app/security-boot';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
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

// The first render waits for the first screen's chunks and translations (the document preloads
// them): nothing on it suspends, so it is drawn in one go. A loader drawn first would hold the
// screen back by React's throttle on revealing what replaces a loader (300 ms).
const { pathname } = window.location;
const firstScreen = Promise.allSettled([
  preloadRoutes(routes, pathname),
  initI18n().then(() => preloadNamespaces(routeNamespaces(routes, pathname))),
]);

/**
 * A document can hold its guest screen drawn at build time (src/app/prerender.tsx) in one
 * language: the browser hydrates it when it draws the same, a guest in that language. Otherwise
 * the drawn screen stays until the app's first render replaces it.
 */
const canHydrate = (container: HTMLElement): boolean =>
  container.dataset.prerendered === currentLanguage() && !useSessionStore.getState().token;

const container = document.getElementById('root');
if (container) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  void firstScreen.then(() => {
    if (canHydrate(container)) {
      // The drawn screen paints first; hydrating (which measures the page) comes after.
      whenPainted(() => hydrateRoot(container, app));
      return;
    }
    const root = createRoot(container);
    // As a transition the first render is time-sliced: React yields to the browser every few
    // milliseconds instead of blocking the main thread for the whole tree (Total Blocking Time).
    startTransition(() => root.render(app));
  });
}
