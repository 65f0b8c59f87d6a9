import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const telegramStatusQueryKey = ['profile', 'telegram'] as const;

export const getTelegramStatus = (signal?: AbortSignal) =>
  call(notificationSettingsEndpoints.telegram, { signal });

/** The bot's deep link, the connection and the subscription promo. */
export const telegramStatusQueryOptions = () =>
  queryOptions({
    queryKey: telegramStatusQueryKey,
    queryFn: ({ signal }) => getTelegramStatus(signal),
    meta: { skipGlobalError: true },
  });

export const useTelegramStatus = () => useQuery(telegramStatusQueryOptions());
