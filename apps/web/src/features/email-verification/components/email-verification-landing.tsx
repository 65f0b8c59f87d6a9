import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/config/paths';
import { showAlert } from '../../../shared/ui';

/** /cabinet/email/verification?successEmailVerify=true|false: an alert, then the cabinet. */
export const EmailVerificationLanding = () => {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const isDone = useRef(false);
  const isSuccess = searchParams.get('successEmailVerify') === 'true';
  useEffect(() => {
    if (isDone.current) return;
    isDone.current = true;
    if (isSuccess) {
      showAlert.success(translateDynamic('auth:email_verification.success'));
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    } else {
      showAlert.error(translateDynamic('auth:email_verification.error'));
    }
  }, [isSuccess, queryClient]);
  return <Navigate to={paths.cabinet.root} replace />;
};
