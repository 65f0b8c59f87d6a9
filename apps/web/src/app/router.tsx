import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { I18nNamespace } from '@proxy/contract';
import { preloadNamespaces } from '../shared/i18n/i18n';
import { AuthGuard, GuestGuard, RestrictedGuard } from './guards';
import { RootLayout } from './root-layout';
import { paths } from './paths';

type RouteHandle = { preload: () => Promise<unknown> };

/**
 * Route-level code splitting: each screen is a lazy chunk, loaded together with the
 * translation namespaces it needs (no chunk -> JSON waterfall). Declarative routes (not a data
 * router: its router state machine is twice the size of what the app uses) with React.lazy;
 * `handle.preload` lets `AppRoutes` start every matched route's chunk at once.
 */
export const lazyRoute = <M,>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: I18nNamespace[] = [],
): Pick<RouteObject, 'element' | 'handle'> => {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), preloadNamespaces(namespaces)]).then(([module]) => ({
      default: pick(module),
    })));
  const Screen = lazy(preload);
  const handle: RouteHandle = { preload };
  return { element: <Screen />, handle };
};

const notFound = lazyRoute(
  () => import('./components/not-found-screen'),
  (m) =>
    function NotFoundInLayout() {
      return <m.NotFoundScreen />;
    },
);
const notFoundStandalone = lazyRoute(
  () => import('./components/not-found-screen'),
  (m) =>
    function NotFoundPage() {
      return <m.NotFoundScreen isStandalone />;
    },
);

const authLayout = lazyRoute(
  () => import('./layouts/auth-layout'),
  (m) => m.AuthLayout,
  ['auth'],
);
const languagePrefix = (target: string) =>
  lazyRoute(
    () => import('./routes/language-prefix'),
    (m) =>
      function LanguagePrefix() {
        return <m.LanguagePrefixRoute target={target} />;
      },
  );

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      {
        element: <GuestGuard />,
        children: [
          {
            ...authLayout,
            children: [
              {
                path: paths.login,
                ...lazyRoute(
                  () => import('./routes/login'),
                  (m) => m.LoginRoute,
                  ['auth'],
                ),
              },
              {
                path: paths.register,
                ...lazyRoute(
                  () => import('./routes/register'),
                  (m) => m.RegisterRoute,
                  ['auth'],
                ),
              },
              {
                path: paths.forgotPassword,
                ...lazyRoute(
                  () => import('./routes/forgot-password'),
                  (m) => m.ForgotPasswordRoute,
                  ['auth'],
                ),
              },
              {
                path: paths.updatePassword,
                ...lazyRoute(
                  () => import('./routes/update-password'),
                  (m) => m.UpdatePasswordRoute,
                  ['auth'],
                ),
              },
              { path: ':lang/login', ...languagePrefix(paths.login) },
              { path: ':lang/register', ...languagePrefix(paths.register) },
            ],
          },
        ],
      },
      {
        path: paths.googleCallback,
        ...lazyRoute(
          () => import('./routes/google-callback'),
          (m) => m.GoogleCallbackRoute,
        ),
      },
      {
        path: paths.cabinet.root,
        element: <AuthGuard />,
        children: [
          {
            ...lazyRoute(
              () => import('./layouts/cabinet/cabinet-layout'),
              (m) => m.CabinetLayout,
              ['auth', 'notifications'],
            ),
            children: [
              { index: true, element: <Navigate to={paths.cabinet.buy} replace /> },
              {
                path: 'profile',
                ...lazyRoute(
                  () => import('./routes/profile'),
                  (m) => m.ProfileRoute,
                  ['profile'],
                ),
              },
              {
                path: 'email/verification',
                ...lazyRoute(
                  () => import('./routes/email-verification'),
                  (m) => m.EmailVerificationRoute,
                  ['auth'],
                ),
              },
              {
                // Buy, top-up, transactions and referral sit behind the restricted-user guard.
                element: <RestrictedGuard />,
                children: [
                  {
                    path: 'buy',
                    ...lazyRoute(
                      () => import('./routes/buy'),
                      (m) => m.BuyLayoutRoute,
                      ['buy'],
                    ),
                    children: [
                      { index: true, element: <Navigate to="select-type" replace /> },
                      {
                        path: 'select-type',
                        ...lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuySelectTypeRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools',
                        ...lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyPoolsRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools/base',
                        ...lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyBaseRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools/premium',
                        ...lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyPremiumRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools/unlimited',
                        ...lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyUnlimitedRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'isp',
                        ...lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyIspRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'cart',
                        ...lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyCartRoute,
                          ['buy'],
                        ),
                      },
                    ],
                  },
                  {
                    path: 'top-up',
                    ...lazyRoute(
                      () => import('./routes/top-up'),
                      (m) => m.TopUpRoute,
                      ['top-up'],
                    ),
                  },
                  {
                    path: 'transactions',
                    ...lazyRoute(
                      () => import('./routes/transactions'),
                      (m) => m.TransactionsRoute,
                      ['transactions', 'profile'],
                    ),
                  },
                  {
                    path: 'referral',
                    ...lazyRoute(
                      () => import('./routes/referral'),
                      (m) => m.ReferralRoute,
                      ['referral'],
                    ),
                  },
                ],
              },
              {
                path: 'payment',
                ...lazyRoute(
                  () => import('./routes/payment-result'),
                  (m) => m.PaymentResultRoute,
                  ['top-up'],
                ),
              },
              {
                path: 'faq',
                ...lazyRoute(
                  () => import('./routes/faq'),
                  (m) => m.FaqRoute,
                ),
              },
              {
                path: 'legal',
                ...lazyRoute(
                  () => import('./routes/legal'),
                  (m) => m.LegalRoute,
                  ['legal'],
                ),
              },
              {
                path: 'packages',
                ...lazyRoute(
                  () => import('./routes/packages'),
                  (m) => m.PackagesRoute,
                  ['packages'],
                ),
              },
              {
                path: 'dynamic/api-tools/:packageKey',
                ...lazyRoute(
                  () => import('./routes/api-tools'),
                  (m) => m.ApiToolsRoute,
                  ['api-tools'],
                ),
              },
              // Screens of later issues: 404 inside the layout until built.
              { path: '*', ...notFound },
            ],
          },
        ],
      },
      {
        // Statistics pages: signed-in, outside the cabinet layout (decision 122).
        element: <AuthGuard />,
        children: [
          {
            path: '/statistics/:uuid/:period',
            ...lazyRoute(
              () => import('./routes/statistics'),
              (m) => m.StatisticsByUuidRoute,
              ['statistics'],
            ),
          },
          {
            path: '/orders/statistics/:packageKey/:period',
            ...lazyRoute(
              () => import('./routes/statistics'),
              (m) => m.StatisticsByKeyRoute,
              ['statistics'],
            ),
          },
        ],
      },
      { path: '*', ...notFoundStandalone },
    ],
  },
];

/** Loads the chunks (and namespaces) of every route `pathname` matches, in parallel. */
export const preloadRoutes = async (routeList: RouteObject[], pathname: string): Promise<void> => {
  const loads = (matchRoutes(routeList, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as RouteHandle | undefined;
    return handle ? [handle.preload()] : [];
  });
  // A chunk that fails to load is the screen's to report (its lazy component throws).
  await Promise.allSettled(loads);
};

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
  return useRoutes(routeList, shown);
};

export const AppRoutes = () => usePreloadedRoutes(routes);
