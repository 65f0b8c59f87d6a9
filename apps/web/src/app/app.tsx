import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { RouteErrorScreen } from './root-layout';
import { AppRoutes } from './router';

/**
 * The app around a router: the browser's (`App`) or the build's prerender, which draws a screen
 * with a static router (prerender.tsx). Both trees are alike, so the browser hydrates what the
 * prerender wrote.
 */
export const AppFrame = ({ children }: { children: ReactNode }) => (
  <AppProviders>
    <ErrorBoundary fallback={() => <RouteErrorScreen />}>{children}</ErrorBoundary>
  </AppProviders>
);

export const App = () => (
  <AppFrame>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppFrame>
);
