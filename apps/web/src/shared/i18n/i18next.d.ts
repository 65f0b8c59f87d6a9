import 'i18next';
import type auth from '../../../public/locales/en/auth.json';
import type base from '../../../public/locales/en/base.json';
import type notifications from '../../../public/locales/en/notifications.json';
import type profile from '../../../public/locales/en/profile.json';

// Typed keys: resources are generated from the English files imported as types.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'base';
    fallbackNS: 'base';
    resources: {
      auth: typeof auth;
      base: typeof base;
      notifications: typeof notifications;
      profile: typeof profile;
    };
  }
}
