import type { I18nNamespace } from '@proxy/contract';

/**
 * The cabinet screens a visit often starts on, each with the route module that draws it and the
 * translation namespaces it reads (as router.tsx loads them). The web build writes an HTML
 * document per screen that starts those files with the HTML (vite.config.ts, preloadDocuments),
 * and the server sends it for the screen's URL: the screen's chunk, CSS and texts then load
 * beside the entry instead of after it has run. Other URLs get cabinet.html.
 */
export const CABINET_SCREEN_DOCUMENTS: {
  path: string;
  routeModule: string;
  namespaces: I18nNamespace[];
  /**
   * Drawn by the server on each request with the session's profile (src/app/prerender.tsx): a
   * screen that needs no data beyond the profile, so what is drawn is the screen itself.
   */
  drawnOnRequest?: boolean;
}[] = [
  {
    path: '/cabinet/profile',
    routeModule: 'src/app/routes/profile.tsx',
    namespaces: ['profile'],
    drawnOnRequest: true,
  },
  {
    path: '/cabinet/packages',
    routeModule: 'src/app/routes/packages.tsx',
    namespaces: ['packages'],
  },
  { path: '/cabinet/buy/select-type', routeModule: 'src/app/routes/buy.tsx', namespaces: ['buy'] },
  { path: '/cabinet/top-up', routeModule: 'src/app/routes/top-up.tsx', namespaces: ['top-up'] },
  {
    path: '/cabinet/transactions',
    routeModule: 'src/app/routes/transactions.tsx',
    namespaces: ['transactions', 'profile', 'top-up'],
  },
  {
    path: '/cabinet/referral',
    routeModule: 'src/app/routes/referral.tsx',
    namespaces: ['referral'],
  },
  {
    path: '/cabinet/notifications',
    routeModule: 'src/app/routes/notification-settings.tsx',
    namespaces: ['notification-settings'],
  },
  { path: '/cabinet/faq', routeModule: 'src/app/routes/faq.tsx', namespaces: [] },
  { path: '/cabinet/legal', routeModule: 'src/app/routes/legal.tsx', namespaces: ['legal'] },
];

/** Where the build writes a screen's document: `/cabinet/profile` -> `screens/cabinet/profile.html`. */
export const screenDocumentFile = (path: string): string => `screens${path}.html`;

/**
 * The guest screens a visit starts on, drawn at build time in each language (src/app/
 * prerender.tsx): the document shows the screen before any script has run, and the browser
 * hydrates it. The server sends `screens/<path>.<language>.html` to a visitor without a session
 * in the language of the language cookie (apps/api/src/plugins/static.ts).
 */
export const PRERENDERED_SCREENS: {
  path: string;
  routeModules: string[];
  namespaces: I18nNamespace[];
}[] = [
  {
    path: '/login',
    routeModules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login.tsx'],
    namespaces: ['auth'],
  },
  {
    path: '/register',
    routeModules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/register.tsx'],
    namespaces: ['auth'],
  },
  {
    path: '/forgot-password',
    routeModules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/forgot-password.tsx'],
    namespaces: ['auth'],
  },
];

/** `/login` in `ru` -> `screens/login.ru.html`. */
export const prerenderedDocumentFile = (path: string, language: string): string =>
  `screens${path}.${language}.html`;
