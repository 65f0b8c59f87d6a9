import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import type { I18nNamespace } from '@proxy/contract';
import { preloadNamespaces } from '../shared/i18n/i18n';
import { Loader } from '../shared/ui';
import { AuthGuard, GuestGuard, RestrictedGuard } from './guards';
import { RootLayout, RouteErrorScreen } from './root-layout';
import { paths } from './paths';

/**
 * Route-level code splitting: each screen is a lazy chunk, loaded together with
 * the translation namespaces it needs (no chunk -> JSON waterfall).
 */
const lazyRoute =
  <M,>(
    load: () => Promise<M>,
    pick: (module: M) => ComponentType,
    namespaces: I18nNamespace[] = [],
  ) =>
  async () => {
    const [module] = await Promise.all([load(), preloadNamespaces(namespaces)]);
    return { Component: pick(module) };
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
    errorElement: <RouteErrorScreen />,
    HydrateFallback: () => <Loader label="…" fullScreen />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      {
        element: <GuestGuard />,
        children: [
          {
            lazy: authLayout,
            children: [
              {
                path: paths.login,
                lazy: lazyRoute(
                  () => import('./routes/login'),
                  (m) => m.LoginRoute,
                  ['auth'],
                ),
              },
              {
                path: paths.register,
                lazy: lazyRoute(
                  () => import('./routes/register'),
                  (m) => m.RegisterRoute,
                  ['auth'],
                ),
              },
              {
                path: paths.forgotPassword,
                lazy: lazyRoute(
                  () => import('./routes/forgot-password'),
                  (m) => m.ForgotPasswordRoute,
                  ['auth'],
                ),
              },
              {
                path: paths.updatePassword,
                lazy: lazyRoute(
                  () => import('./routes/update-password'),
                  (m) => m.UpdatePasswordRoute,
                  ['auth'],
                ),
              },
              { path: ':lang/login', lazy: languagePrefix(paths.login) },
              { path: ':lang/register', lazy: languagePrefix(paths.register) },
            ],
          },
        ],
      },
      {
        path: paths.googleCallback,
        lazy: lazyRoute(
          () => import('./routes/google-callback'),
          (m) => m.GoogleCallbackRoute,
        ),
      },
      {
        path: paths.cabinet.root,
        element: <AuthGuard />,
        children: [
          {
            lazy: lazyRoute(
              () => import('./layouts/cabinet/cabinet-layout'),
              (m) => m.CabinetLayout,
              ['auth', 'notifications'],
            ),
            children: [
              { index: true, element: <Navigate to={paths.cabinet.buy} replace /> },
              {
                path: 'profile',
                lazy: lazyRoute(
                  () => import('./routes/profile'),
                  (m) => m.ProfileRoute,
                  ['profile'],
                ),
              },
              {
                path: 'email/verification',
                lazy: lazyRoute(
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
                    lazy: lazyRoute(
                      () => import('./routes/buy'),
                      (m) => m.BuyLayoutRoute,
                      ['buy'],
                    ),
                    children: [
                      { index: true, element: <Navigate to="select-type" replace /> },
                      {
                        path: 'select-type',
                        lazy: lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuySelectTypeRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools',
                        lazy: lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyPoolsRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools/base',
                        lazy: lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyBaseRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools/premium',
                        lazy: lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyPremiumRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'dynamic-pools/unlimited',
                        lazy: lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyUnlimitedRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'isp',
                        lazy: lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyIspRoute,
                          ['buy'],
                        ),
                      },
                      {
                        path: 'cart',
                        lazy: lazyRoute(
                          () => import('./routes/buy'),
                          (m) => m.BuyCartRoute,
                          ['buy'],
                        ),
                      },
                    ],
                  },
                  {
                    path: 'top-up',
                    lazy: lazyRoute(
                      () => import('./routes/top-up'),
                      (m) => m.TopUpRoute,
                      ['top-up'],
                    ),
                  },
                  {
                    path: 'transactions',
                    lazy: lazyRoute(
                      () => import('./routes/transactions'),
                      (m) => m.TransactionsRoute,
                      ['transactions', 'profile'],
                    ),
                  },
                  {
                    path: 'referral',
                    lazy: lazyRoute(
                      () => import('./routes/referral'),
                      (m) => m.ReferralRoute,
                      ['referral'],
                    ),
                  },
                ],
              },
              {
                path: 'payment',
                lazy: lazyRoute(
                  () => import('./routes/payment-result'),
                  (m) => m.PaymentResultRoute,
                  ['top-up'],
                ),
              },
              {
                path: 'faq',
                lazy: lazyRoute(
                  () => import('./routes/faq'),
                  (m) => m.FaqRoute,
                ),
              },
              {
                path: 'legal',
                lazy: lazyRoute(
                  () => import('./routes/legal'),
                  (m) => m.LegalRoute,
                  ['legal'],
                ),
              },
              {
                path: 'packages',
                lazy: lazyRoute(
                  () => import('./routes/packages'),
                  (m) => m.PackagesRoute,
                  ['packages'],
                ),
              },
              // Screens of later issues: 404 inside the layout until built.
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
      { path: '*', lazy: notFoundStandalone },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
