import type { TrustedTypePolicyFactory, TrustedTypesWindow } from 'trusted-types/lib';

/** The browser's Trusted Types factory, where it has one (Chromium; not jsdom or Firefox). */
export const trustedTypesFactory = (): TrustedTypePolicyFactory | undefined =>
  (window as unknown as TrustedTypesWindow).trustedTypes;
