import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPageView } from '../shared/analytics/analytics';
import { ThirdParties } from '../shared/analytics/third-parties';
import { SUBSCRIBE_PROMO_PARAM, usePromoStore } from '../shared/stores/promo-store';
import { AlertStack, Loader } from '../shared/ui';
import { ErrorBoundary } from './error-boundary';
import { GlobalErrorScreen } from './components/global-error-screen';

/**
 * Reports every navigation to analytics; a `subscribe_promo` query parameter switches on the
 * subscription promo flag (spec 001 section 2).
 */
const NavigationEffects = () => {
  const { pathname, search } = useLocation();
  const setSubscriptionPromoQuery = usePromoStore((state) => state.setSubscriptionPromoQuery);
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
  useEffect(() => {
    if (new URLSearchParams(search).has(SUBSCRIBE_PROMO_PARAM)) setSubscriptionPromoQuery(true);
  }, [search, setSubscriptionPromoQuery]);
  return null;
};

export const RootLayout = () => {
  const { pathname } = useLocation();
  return (
    <>
      <NavigationEffects />
      <ThirdParties />
      <ErrorBoundary
        key={pathname}
        fallback={(reset) => <GlobalErrorScreen isStandalone onAction={reset} />}
      >
        <Suspense fallback={<Loader label="…" fullScreen />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <Suspense fallback={null}>
        <AlertStack />
      </Suspense>
    </>
  );
};

export const RouteErrorScreen = () => (
  <Suspense fallback={null}>
    <GlobalErrorScreen isStandalone />
  </Suspense>
);
