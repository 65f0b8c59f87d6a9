import { useQueryClient } from '@tanstack/react-query';
import { ReferralPage } from '../../features/referral/components/referral-page';
import { profileQueryKey } from '../../shared/api/profile-query-key';

export const ReferralRoute = () => {
  const queryClient = useQueryClient();
  return (
    <ReferralPage
      onProfileRefresh={() => void queryClient.invalidateQueries({ queryKey: profileQueryKey })}
    />
  );
};
