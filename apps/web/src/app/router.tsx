import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { I18nNamespace } from '@proxy/contract';
import { preloadNamespaces } from '../shared/i18n/i18n';
import { useMarkFirstScreenShown } from '../shared/lib/after-paint';
import { AuthGuard, GuestGuard, RestrictedGuard, prefetchProfile } from './guards';
import { RootLayout } from './root-layout';
import { paths } from './paths';
import type * as buyRoutes from './routes/buy';
import { OutgoingScreenContext, Redirect } from '../shared/ui/redirect';

/**
 * What a route starts when it is matched: `preload` its chunk and `namespaces` (awaited before
 * a first render), `prefetch` the data its element needs at once (not awaited).
 */
type RouteHandle = {
  preload?: () => Promise<unknown>;
  namespaces?: I18nNamespace[];
  prefetch?: () => void;
};

/** A signed-in route: the profile its guard and the cabinet frame wait for starts at once. */
const signedInHandle: RouteHandle = { prefetch: prefetchProfile };

/** A screen (not a layout) tells the app when it is first on the page. */
const markedScreen = (Screen: ComponentType): ComponentType =>
  function ShownScreen() {
    useMarkFirstScreenShown();
    return <Screen />;
  };

/**
 * Route-level code splitting: each screen is a lazy chunk, loaded together with the
 * translation namespaces it needs (no chunk -> JSON waterfall). Declarative routes (not a data
 * router: its router state machine is twice the size of what the app uses) with React.lazy;
 * `handle.preload` lets `AppRoutes` start every matched route's chunk at once. A screen's first
 * mount marks the visit's first screen as shown (requests it can do without wait for that,
 * shared/lib/after-paint.ts); a layout's does not, since it may still show a loader.
 */
export const lazyRoute = <M,>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: I18nNamespace[] = [],
  kind: 'screen' | 'layout' = 'screen',
): Pick<RouteObject, 'element' | 'handle'> => {
  let pending: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), preloadNamespaces(namespaces)]).then(([module]) => {
      loaded = kind === 'screen' ? markedScreen(pick(module)) : pick(module);
      return { default: loaded };
    }));
  const LazyScreen = lazy(preload);
  // Once its chunk is in, the screen renders at once: React.lazy would still suspend on its first
  // render, and the loader it shows would hold the screen back by React's reveal throttle.
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <LazyScreen />;
  }
  const handle: RouteHandle = { preload, namespaces };
  return { element: <Screen />, handle };
};

const notFound = lazyRoute(
  () => import('./components/not-found-screen'),
  (m) => m.NotFoundScreen,
);

const languagePrefix = (target: string) =>
  lazyRoute(
    () => import('./routes/language-prefix'),
    (m) =>
      function LanguagePrefix() {
        return <m.LanguagePrefixRoute target={target} />;
      },
  );

/** A route module's screen, picked by its export name, with the namespaces it needs. */
const screen = <K extends PropertyKey, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  namespaces?: I18nNamespace[],
) => lazyRoute(load, (module) => module[name], namespaces);

/** A route module's layout (its children render in its `<Outlet />`). */
const layout = <K extends PropertyKey, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  namespaces?: I18nNamespace[],
) => lazyRoute(load, (module) => module[name], namespaces, 'layout');

/** The buy flow's screens share one chunk and the `buy` namespace. */
const buyScreen = (name: keyof typeof buyRoutes) =>
  screen(() => import('./routes/buy'), name, ['buy']);

/** Every screen's chunk and the translation namespaces it needs; `routes` places them. */
const screens = {
  authLayout: layout(() => import('./layouts/auth-layout'), 'AuthLayout', ['auth']),
  publicLayout: layout(() => import('./layouts/public-layout'), 'PublicLayout', ['auth']),
  login: screen(() => import('./routes/login'), 'LoginRoute', ['auth']),
  register: screen(() => import('./routes/register'), 'RegisterRoute', ['auth']),
  forgotPassword: screen(() => import('./routes/forgot-password'), 'ForgotPasswordRoute', ['auth']),
  updatePassword: screen(() => import('./routes/update-password'), 'UpdatePasswordRoute', ['auth']),
  googleCallback: screen(() => import('./routes/google-callback'), 'GoogleCallbackRoute'),
  cabinetLayout: layout(() => import('./layouts/cabinet/cabinet-layout'), 'CabinetLayout', [
    'auth',
    'notifications',
  ]),
  profile: screen(() => import('./routes/profile'), 'ProfileRoute', ['profile']),
  overview: screen(() => import('./routes/overview'), 'OverviewRoute', ['packages']),
  cabinetIndex: screen(() => import('./routes/overview'), 'CabinetIndexRoute', ['packages']),
  security: screen(() => import('./routes/security'), 'SecurityRoute', ['profile']),
  emailVerification: screen(() => import('./routes/email-verification'), 'EmailVerificationRoute', [
    'auth',
  ]),
  buyLayout: layout(() => import('./routes/buy'), 'BuyLayoutRoute', ['buy']),
  buySelectType: buyScreen('BuySelectTypeRoute'),
  buyPools: buyScreen('BuyPoolsRoute'),
  buyBase: buyScreen('BuyBaseRoute'),
  buyPremium: buyScreen('BuyPremiumRoute'),
  buyUnlimited: buyScreen('BuyUnlimitedRoute'),
  buyIsp: buyScreen('BuyIspRoute'),
  buyCart: buyScreen('BuyCartRoute'),
  topUp: screen(() => import('./routes/top-up'), 'TopUpRoute', ['top-up']),
  // top-up holds the payment methods' names the payments table shows.
  transactions: screen(() => import('./routes/transactions'), 'TransactionsRoute', [
    'transactions',
    'profile',
    'top-up',
  ]),
  referral: screen(() => import('./routes/referral'), 'ReferralRoute', ['referral']),
  paymentResult: screen(() => import('./routes/payment-result'), 'PaymentResultRoute', ['top-up']),
  faq: screen(() => import('./routes/faq'), 'FaqRoute'),
  legal: screen(() => import('./routes/legal'), 'LegalRoute', ['legal']),
  publicLegal: screen(() => import('./routes/legal'), 'PublicLegalRoute', ['legal']),
  packages: screen(() => import('./routes/packages'), 'PackagesRoute', ['packages']),
  dynamicLists: screen(() => import('./routes/proxy-lists'), 'DynamicListsRoute', ['packages']),
  dynamicListView: screen(() => import('./routes/proxy-lists'), 'DynamicListViewRoute', [
    'packages',
  ]),
  ispList: screen(() => import('./routes/proxy-lists'), 'IspListRoute', ['packages']),
  proxyGenerator: screen(() => import('./routes/proxy-generator'), 'ProxyGeneratorRoute', [
    'packages',
  ]),
  apiTools: screen(() => import('./routes/api-tools'), 'ApiToolsRoute', ['api-tools']),
  apiDocumentation: screen(() => import('./routes/api-documentation'), 'ApiDocumentationRoute', [
    'api-docs',
  ]),
  notificationSettings: screen(
    () => import('./routes/notification-settings'),
    'NotificationSettingsRoute',
    ['notification-settings'],
  ),
  statisticsByUuid: screen(() => import('./routes/statistics'), 'StatisticsByUuidRoute', [
    'statistics',
  ]),
  statisticsByKey: screen(() => import('./routes/statistics'), 'StatisticsByKeyRoute', [
    'statistics',
  ]),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Redirect to={paths.login} replace /> },
      {
        element: <GuestGuard />,
        children: [
          {
            ...screens.authLayout,
            children: [
              { path: paths.login, ...screens.login },
              { path: paths.register, ...screens.register },
              { path: paths.forgotPassword, ...screens.forgotPassword },
              { path: paths.updatePassword, ...screens.updatePassword },
              { path: ':lang/login', ...languagePrefix(paths.login) },
              { path: ':lang/register', ...languagePrefix(paths.register) },
            ],
          },
        ],
      },
      { path: paths.googleCallback, ...screens.googleCallback },
      {
        path: paths.cabinet.root,
        element: <AuthGuard />,
        handle: signedInHandle,
        children: [
          {
            ...screens.cabinetLayout,
            children: [
              // Customers with packages land on the overview, new ones on buy (decision 185).
              { index: true, ...screens.cabinetIndex },
              { path: 'overview', ...screens.overview },
              { path: 'profile', ...screens.profile },
              { path: 'profile/security', ...screens.security },
              { path: 'email/verification', ...screens.emailVerification },
              {
                // Buy, top-up, transactions and referral sit behind the restricted-user guard.
                element: <RestrictedGuard />,
                children: [
                  {
                    path: 'buy',
                    ...screens.buyLayout,
                    children: [
                      { index: true, element: <Redirect to="select-type" replace /> },
                      { path: 'select-type', ...screens.buySelectType },
                      { path: 'dynamic-pools', ...screens.buyPools },
                      { path: 'dynamic-pools/base', ...screens.buyBase },
                      { path: 'dynamic-pools/premium', ...screens.buyPremium },
                      { path: 'dynamic-pools/unlimited', ...screens.buyUnlimited },
                      { path: 'isp', ...screens.buyIsp },
                      { path: 'cart', ...screens.buyCart },
                    ],
                  },
                  { path: 'top-up', ...screens.topUp },
                  { path: 'transactions', ...screens.transactions },
                  { path: 'referral', ...screens.referral },
                ],
              },
              { path: 'payment', ...screens.paymentResult },
              { path: 'faq', ...screens.faq },
              { path: 'legal', ...screens.legal },
              {
                path: 'packages',
                ...screens.packages,
                // Modal routes over the list (spec section 2): closing returns to it.
                children: [
                  { path: 'dynamic/list/:packageId', ...screens.dynamicLists },
                  { path: 'dynamic/view/:packageId/:listId', ...screens.dynamicListView },
                  { path: 'isp/list/:packageId', ...screens.ispList },
                  { path: 'generator/:packageId', ...screens.proxyGenerator },
                ],
              },
              // The menu's "notification settings" (spec 001 section 2: /cabinet/notifications).
              { path: 'notifications', ...screens.notificationSettings },
              { path: 'dynamic/api-tools/:packageKey', ...screens.apiTools },
              { path: 'api-documentation', ...screens.apiDocumentation },
              // Any other path: 404 inside the layout.
              { path: '*', ...notFound },
            ],
          },
        ],
      },
      {
        // Statistics pages: signed-in, outside the cabinet layout (decision 122).
        element: <AuthGuard />,
        handle: signedInHandle,
        children: [
          { path: '/statistics/:uuid/:period', ...screens.statisticsByUuid },
          { path: '/orders/statistics/:packageKey/:period', ...screens.statisticsByKey },
        ],
      },
      {
        // Open to guests and signed-in users alike: the terms the register form links to, and
        // any address the app does not know.
        ...screens.publicLayout,
        children: [
          { path: paths.legal, ...screens.publicLegal },
          { path: '*', ...notFound },
        ],
      },
    ],
  },
];

/**
 * Loads the chunks (and namespaces) of every route `pathname` matches, in parallel, and starts
 * the data they prefetch.
 */
export const preloadRoutes = async (routeList: RouteObject[], pathname: string): Promise<void> => {
  const loads = (matchRoutes(routeList, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as RouteHandle | undefined;
    handle?.prefetch?.();
    return handle?.preload ? [handle.preload()] : [];
  });
  // A chunk that fails to load is the screen's to report (its lazy component throws).
  await Promise.allSettled(loads);
};

/** The translation namespaces of every route `pathname` matches. */
export const routeNamespaces = (routeList: RouteObject[], pathname: string): I18nNamespace[] => [
  ...new Set(
    (matchRoutes(routeList, pathname) ?? []).flatMap(
      (match) => (match.route.handle as RouteHandle | undefined)?.namespaces ?? [],
    ),
  ),
];

/**
 * Renders `routeList` like a data router's lazy routes: the chunks of all matched routes start
 * together (a nested lazy layout would otherwise ask for its page's chunk only once loaded),
 * and after a navigation the current screen stays until the next one's chunks are in, instead
 * of a loader replacing it. The routes see the location they render (LocationContext).
 */
export const usePreloadedRoutes = (routeList: RouteObject[]) => {
  const location = useLocation();
  const [shown, setShown] = useState(() => {
    void preloadRoutes(routeList, location.pathname);
    return location;
  });
  useEffect(() => {
    if (shown === location) return;
    let isCurrent = true;
    void preloadRoutes(routeList, location.pathname).then(() => {
      if (isCurrent) startTransition(() => setShown(location));
    });
    return () => {
      isCurrent = false;
    };
  }, [routeList, location, shown]);
  return (
    <OutgoingScreenContext value={shown !== location}>
      {useRoutes(routeList, shown)}
    </OutgoingScreenContext>
  );
};

export const AppRoutes = () => usePreloadedRoutes(routes);
