/** Every route path of the SPA in one place. */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  updatePassword: '/update-password',
  googleCallback: '/auth/google/callback',
  cabinet: {
    root: '/cabinet',
    profile: '/cabinet/profile',
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
  },
} as const;
