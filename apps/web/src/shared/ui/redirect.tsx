import { createContext, useContext } from 'react';
import { Navigate, type NavigateProps } from 'react-router';

/**
 * True inside a screen the router keeps up while the next location's chunks load (the user has
 * already gone on; see `usePreloadedRoutes`).
 */
export const OutgoingScreenContext = createContext(false);

/**
 * `<Navigate>` for screens and guards. A screen often decides its redirect late, once its data
 * is in; by then the user may have clicked elsewhere while it stayed up, and a redirect from
 * the outgoing screen would undo that click. It renders nothing there.
 */
export const Redirect = (props: NavigateProps) =>
  useContext(OutgoingScreenContext) ? null : <Navigate {...props} />;
