import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { pageQueryOptions } from '../../../shared/api/query-options';

export const notificationSettingsQueryKey = ['profile', 'notification-settings'] as const;

export const getNotificationSettings = (signal?: AbortSignal) =>
  call(notificationSettingsEndpoints.get, { signal });

/** The server copy of the settings; the page edits a local copy of it. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    ...pageQueryOptions(notificationSettingsQueryKey, getNotificationSettings),
    select: (response) => response.settings,
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());
