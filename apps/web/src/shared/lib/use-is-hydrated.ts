import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React draws on the server (the build's prerender) and while the browser hydrates
 * that drawing, true from the render after: what works only with the app's scripts waits.
 */
export const useIsHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

/**
 * The props of a button in a drawn document until the app runs: a click before hydration has no
 * handler to reach and would be lost, so the button is disabled and the click waits (a browser
 * ignores it, a test's click retries). `data-awaiting-app` keeps its look (ui.css): nothing the
 * reader did disabled it.
 */
export const useAwaitingAppProps = (): { disabled?: true; 'data-awaiting-app'?: '' } =>
  useIsHydrated() ? {} : { disabled: true, 'data-awaiting-app': '' };
