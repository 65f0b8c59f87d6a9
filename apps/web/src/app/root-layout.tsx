import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPageView } from '../shared/lib/analytics';
import { AlertStack, Loader } from '../shared/ui';
import { ErrorBoundary } from './error-boundary';
import { GlobalErrorScreen } from './components/global-error-screen';

/** Reports every navigation to analytics. */
const PageViewTracker = () => {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView(`${pathname}${search}`);
  }, [pathname, search]);
  return null;
};

export const RootLayout = () => {
  const { pathname } = useLocation();
  return (
    <>
      <PageViewTracker />
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
