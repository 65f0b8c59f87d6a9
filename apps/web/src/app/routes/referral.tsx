import { useQueryClient } from '@tanstack/react-query';
import { useProfile } from '../../features/profile/api/get-profile';
import { ReferralPage } from '../../features/referral/components/referral-page';
import { profileQueryKey } from '../../shared/api/profile-query-key';

export const ReferralRoute = () => {
  const queryClient = useQueryClient();
  const { data } = useProfile();
  return (
    <ReferralPage
      onProfileRefresh={() => void queryClient.invalidateQueries({ queryKey: profileQueryKey })}
      isTwoFactorEnabled={data?.user.two_factor_enabled ?? false}
    />
  );
};
