import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPageView } from '../shared/analytics/analytics';
import { ThirdParties } from '../shared/analytics/third-parties';
import { AlertStack, Loader } from '../shared/ui';
import { ErrorBoundary } from './error-boundary';
import { GlobalErrorScreen } from './components/global-error-screen';

/** Reports every navigation to analytics. */
const PageViewTracker = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
  return null;
};

export const RootLayout = () => {
  const { pathname } = useLocation();
  return (
    <>
      <PageViewTracker />
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
