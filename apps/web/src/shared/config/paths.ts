/** Every route path of the SPA in one place. */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  updatePassword: '/update-password',
  googleCallback: '/auth/google/callback',
  /** The legal texts for everyone, guests included (the register form links to the terms). */
  legal: '/legal',
  cabinet: {
    root: '/cabinet',
    /** The home page of a customer with packages (decision 185). */
    overview: '/cabinet/overview',
    profile: '/cabinet/profile',
    /** Two-factor sign-in and the signed-in devices. */
    security: '/cabinet/profile/security',
    packages: '/cabinet/packages',
    buy: '/cabinet/buy',
    topUp: '/cabinet/top-up',
    transactions: '/cabinet/transactions',
    referral: '/cabinet/referral',
    notifications: '/cabinet/notifications',
    apiDocumentation: '/cabinet/api-documentation',
    legal: '/cabinet/legal',
    faq: '/cabinet/faq',
    emailVerification: '/cabinet/email/verification',
    payment: '/cabinet/payment',
    /** API tools pages: `apiToolsOf(packageKey)` below. */
    apiTools: '/cabinet/dynamic/api-tools',
  },
  /** The API tools page of a package (spec: opened in a new tab from the dynamic panel). */
  apiToolsOf: (packageKey: string) =>
    `/cabinet/dynamic/api-tools/${encodeURIComponent(packageKey)}`,
  /** Statistics pages, outside the cabinet layout, opened in a new tab (decision 122). */
  statistics: {
    byUuid: (uuid: string, period = 'all') =>
      `/statistics/${encodeURIComponent(uuid)}/${encodeURIComponent(period)}`,
    byKey: (packageKey: string, period: string) =>
      `/orders/statistics/${encodeURIComponent(packageKey)}/${encodeURIComponent(period)}`,
  },
} as const;
