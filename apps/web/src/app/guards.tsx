import { Outlet, useLocation, useSearchParams, type Location } from 'react-router';
import { safeRedirectPath } from '../shared/lib/safe-redirect';
import { mustLeaveGuardedScreen } from '../shared/lib/restricted-user';
import { useSessionStore } from '../shared/session/session-store';
import { usePrefetchQuery } from '@tanstack/react-query';
import { profileQueryOptions, useProfile } from '../features/profile/api/get-profile';
import { paths } from './paths';
import { queryClient } from './query-client';
import { Redirect } from '../shared/ui/redirect';

export type RedirectState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** Where to go after login: the remembered location, else `?redirect`, else the cabinet. */
export const resolvePostLoginTarget = (state: unknown, redirectParam: string | null): string => {
  const from = (state as RedirectState | null)?.from;
  if (from?.pathname) {
    const target = safeRedirectPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
    if (target) return target;
  }
  return safeRedirectPath(redirectParam) ?? paths.cabinet.root;
};

/** Guests only: a signed-in user goes to the cabinet (or back where login was demanded). */
export const GuestGuard = () => {
  const token = useSessionStore((state) => state.token);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (token)
    return (
      <Redirect to={resolvePostLoginTarget(location.state, searchParams.get('redirect'))} replace />
    );
  return <Outlet />;
};

/**
 * Starts GET /profile (the cabinet layout waits for it) next to the cabinet's chunks: from the
 * route's handle before the first render (router.tsx), and here after a navigation.
 */
export const prefetchProfile = (): void => {
  if (useSessionStore.getState().token) void queryClient.prefetchQuery(profileQueryOptions());
};

const PrefetchProfile = () => {
  usePrefetchQuery(profileQueryOptions());
  return null;
};

/** Signed-in only: others go to /login, keeping the original location and query string. */
export const AuthGuard = () => {
  const token = useSessionStore((state) => state.token);
  const location = useLocation();
  if (!token) {
    const original = `${location.pathname}${location.search}`;
    const state: RedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return (
      <Redirect
        to={`${paths.login}?redirect=${encodeURIComponent(original)}`}
        state={state}
        replace
      />
    );
  }
  return (
    <>
      <PrefetchProfile />
      <Outlet />
    </>
  );
};

/** Buy, top-up, transactions, referral: restricted users and users without profile data go to the profile. */
export const RestrictedGuard = () => {
  const { data: profile } = useProfile();
  if (mustLeaveGuardedScreen(profile)) return <Redirect to={paths.cabinet.profile} replace />;
  return <Outlet />;
};
