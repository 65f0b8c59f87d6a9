import {
  notificationSettingsEndpoints,
  type NotificationSettingGroup,
  type NotificationSettingsResponse,
} from '@proxy/contract';
import { useCacheUpdateMutation } from '../../../shared/api/cache-update-mutation';
import { call } from '../../../shared/api/http-client';
import { notificationSettingsQueryKey } from './get-notification-settings';

export const updateNotificationSettings = (settings: NotificationSettingGroup[]) =>
  call(notificationSettingsEndpoints.update, { body: { settings } });

/** PUT /profile/notification-settings/update; a success becomes the new server copy. */
export const useUpdateNotificationSettings = () =>
  useCacheUpdateMutation(updateNotificationSettings, (queryClient, response) => {
    queryClient.setQueryData<NotificationSettingsResponse>(notificationSettingsQueryKey, {
      settings: response.settings,
    });
  });
