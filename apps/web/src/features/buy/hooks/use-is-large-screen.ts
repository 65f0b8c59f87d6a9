import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@proxy/contract';

/** Large screens (wider than the large breakpoint) show the cart beside the selection. */
const QUERY = `(min-width: ${BREAKPOINTS.large + 1}px)`;

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

export const useIsLargeScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
