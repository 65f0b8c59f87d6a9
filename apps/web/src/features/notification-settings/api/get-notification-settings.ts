import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const notificationSettingsQueryKey = ['profile', 'notification-settings'] as const;

export const getNotificationSettings = (signal?: AbortSignal) =>
  call(notificationSettingsEndpoints.get, { signal });

/** The server copy of the settings; the page edits a local copy of it. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    select: (response) => response.settings,
    meta: { skipGlobalError: true },
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());
