import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui';
import { useSessions } from '../api/sessions';
import { useTwoFactor } from '../api/two-factor';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';
import '../security.css';

/** Sign-in security: two-factor sign-in and the signed-in devices. */
export const SecurityPage = () => {
  const { t } = useTranslation('profile');
  const twoFactor = useTwoFactor();
  const sessions = useSessions();
  const texts = {
    loading: t('security.loading'),
    error: t('security.load_failed'),
    retry: t('security.retry'),
  };
  return (
    <div className="security-page">
      <h1 className="page-title">{t('security.title')}</h1>
      <div className="security-page__grid">
        <QueryState query={twoFactor} texts={texts}>
          {(status) => <TwoFactorCard status={status} />}
        </QueryState>
        <QueryState query={sessions} texts={texts}>
          {(rows) => <SessionsCard sessions={rows} />}
        </QueryState>
      </div>
    </div>
  );
};
