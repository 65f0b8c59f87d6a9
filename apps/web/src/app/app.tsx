import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { RouteErrorScreen } from './root-layout';
import { AppRoutes } from './router';

export const App = () => (
  <AppProviders>
    <ErrorBoundary fallback={() => <RouteErrorScreen />}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  </AppProviders>
);
