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
