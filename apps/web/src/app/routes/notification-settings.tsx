import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NotificationSettingsPage } from '../../features/notification-settings/components/notification-settings-page';
import { profileQueryOptions, useProfile } from '../../features/profile/api/get-profile';

export const NotificationSettingsRoute = () => {
  const queryClient = useQueryClient();
  const { data } = useProfile();
  // The profile never refetches by itself (spec 000); the connect modal asks on window focus.
  const refreshTelegramConnected = useCallback(
    () =>
      queryClient
        .fetchQuery({ ...profileQueryOptions(), staleTime: 0 })
        .then((profile) => profile.telegram_connected),
    [queryClient],
  );
  return (
    <NotificationSettingsPage
      isTelegramConnected={data?.telegram_connected ?? false}
      isPromoTokenUsed={data?.promo_token_used ?? false}
      refreshTelegramConnected={refreshTelegramConnected}
    />
  );
};
