import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@proxy/contract';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { changeLanguage, translateDynamic } from '../../shared/i18n/i18n';
import {
  takeGoogleReturnChallenge,
  takeGoogleReturnToken,
} from '../../shared/session/google-return-token';
import { useSessionStore } from '../../shared/session/session-store';
import { Loader, showAlert } from '../../shared/ui';
import { paths } from '../paths';

/**
 * Return point of Google sign-in: store the token (already taken out of the URL by
 * security-boot before the app started), sync the language, go to the cabinet.
 */
export const GoogleCallbackRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setToken = useSessionStore((state) => state.setToken);
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    const token = takeGoogleReturnToken();
    const challenge = takeGoogleReturnChallenge();
    if (challenge) {
      // Two-factor sign-in: Google stood in for the password; the code step follows.
      void navigate(paths.login, { replace: true, state: { twoFactorChallenge: challenge } });
      return;
    }
    if (!token) {
      showAlert.error(translateDynamic('errors.google_auth'));
      void navigate(paths.login, { replace: true });
      return;
    }
    setToken(token);
    void (async () => {
      try {
        const profile = await queryClient.fetchQuery(profileQueryOptions());
        if (isLanguage(profile.user.locale)) await changeLanguage(profile.user.locale);
      } catch {
        /* the cabinet layout shows the profile error itself */
      }
      await navigate(paths.cabinet.root, { replace: true });
    })();
  }, [navigate, queryClient, setToken]);

  return (
    <main className="page-center">
      <Loader label={t('app.loading')} />
    </main>
  );
};
