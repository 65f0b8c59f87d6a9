import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../../features/auth/components/register-form';
import { storeReferralCode } from '../../shared/lib/referral-code';
import { useDocumentTitle } from '../use-document-title';

export const RegisterRoute = () => {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref');
  useEffect(() => {
    if (ref) storeReferralCode(ref);
  }, [ref]);
  useDocumentTitle(t('register.title'));
  return <RegisterForm />;
};
