import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import auth from '../../public/locales/en/auth.json';
import base from '../../public/locales/en/base.json';
import notifications from '../../public/locales/en/notifications.json';
import profile from '../../public/locales/en/profile.json';

// Tests use the real English files in memory (no http backend).
await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ru'],
  ns: ['base', 'auth', 'notifications', 'profile'],
  defaultNS: 'base',
  fallbackNS: 'base',
  resources: { en: { base, auth, notifications, profile } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

afterEach(() => cleanup());
