import 'i18next';
import type apiTools from '../../../public/locales/en/api-tools.json';
import type auth from '../../../public/locales/en/auth.json';
import type base from '../../../public/locales/en/base.json';
import type topUp from '../../../public/locales/en/top-up.json';
import type buy from '../../../public/locales/en/buy.json';
import type packages from '../../../public/locales/en/packages.json';
import type profile from '../../../public/locales/en/profile.json';
import type referral from '../../../public/locales/en/referral.json';
import type legal from '../../../public/locales/en/legal.json';
import type transactions from '../../../public/locales/en/transactions.json';
import type notifications from '../../../public/locales/en/notifications.json';
import type statistics from '../../../public/locales/en/statistics.json';
import type apiDocs from '../../../public/locales/en/api-docs.json';
import type notificationSettings from '../../../public/locales/en/notification-settings.json';

// Typed keys: resources are generated from the English files imported as types.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface CustomTypeOptions {
    defaultNS: 'base';
    fallbackNS: 'base';
    resources: {
      'api-tools': typeof apiTools;
      auth: typeof auth;
      base: typeof base;
      'top-up': typeof topUp;
      buy: typeof buy;
      packages: typeof packages;
      profile: typeof profile;
      referral: typeof referral;
      legal: typeof legal;
      transactions: typeof transactions;
      notifications: typeof notifications;
      statistics: typeof statistics;
      'api-docs': typeof apiDocs;
      'notification-settings': typeof notificationSettings;
    };
  }
}
