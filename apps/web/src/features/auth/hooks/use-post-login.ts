import { useCallback } from 'react';
import { isLanguage, type UserDto } from '@proxy/contract';
import { changeLanguage } from '../../../shared/i18n/i18n';
import { useSessionStore } from '../../../shared/session/session-store';
import { sendEmailVerification } from '../api/send-email-verification';

/**
 * After a login or registration: switch the interface to the user's locale,
 * store the token (the guest guard then leaves the auth screen) and request
 * a verification e-mail when the address is not verified yet.
 */
export const usePostLogin = () => {
  const setToken = useSessionStore((state) => state.setToken);
  return useCallback(
    async (token: string, user: Pick<UserDto, 'locale' | 'email' | 'email_verified_at'>) => {
      if (isLanguage(user.locale)) await changeLanguage(user.locale);
      setToken(token);
      if (!user.email_verified_at) {
        sendEmailVerification({ email: user.email }).catch(() => undefined);
      }
    },
    [setToken],
  );
};
