import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileQueryKey } from '../../../shared/api/profile-query-key';
import { paths } from '../../../shared/config/paths';
import { showAlert } from '../../../shared/ui';
import { Redirect } from '../../../shared/ui/redirect';

/** /cabinet/email/verification?successEmailVerify=true|false: an alert, then the cabinet. */
export const EmailVerificationLanding = () => {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // Loads the auth namespace (suspends until ready) so the alert shows the real text.
  const { t, ready } = useTranslation('auth');
  const isDone = useRef(false);
  const isSuccess = searchParams.get('successEmailVerify') === 'true';
  useEffect(() => {
    if (isDone.current || !ready) return;
    isDone.current = true;
    if (isSuccess) {
      showAlert.success(t('email_verification.success'));
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    } else {
      showAlert.error(t('email_verification.error'));
    }
  }, [isSuccess, queryClient, ready, t]);
  return ready ? <Redirect to={paths.cabinet.root} replace /> : null;
};
