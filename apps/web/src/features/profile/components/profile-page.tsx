import { useTranslation } from 'react-i18next';
import { Loader } from '../../../shared/ui';
import { useProfile } from '../api/get-profile';
import { ProfileApiKeyCard } from './profile-api-key-card';
import { ProfileBillingForm } from './profile-billing-form';
import { ProfileInfoForm } from './profile-info-form';
import { ProfilePasswordForm } from './profile-password-form';
import '../profile.css';

export const ProfilePage = () => {
  const { t } = useTranslation('profile');
  const { data } = useProfile();
  if (!data) return <Loader label={t('title')} />;
  return (
    <div className="profile-page">
      <h1 className="page-title">{t('title')}</h1>
      <div className="profile-page__grid">
        <ProfileInfoForm user={data.user} />
        <ProfileBillingForm user={data.user} />
        <ProfilePasswordForm isTwoFactorEnabled={data.user.two_factor_enabled} />
        <ProfileApiKeyCard
          apiKey={data.user.api_key}
          isTwoFactorEnabled={data.user.two_factor_enabled}
        />
      </div>
    </div>
  );
};
