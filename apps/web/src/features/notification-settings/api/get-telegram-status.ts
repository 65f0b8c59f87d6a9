import { useQuery } from '@tanstack/react-query';
import { notificationSettingsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { pageQueryOptions } from '../../../shared/api/query-options';

export const telegramStatusQueryKey = ['profile', 'telegram'] as const;

export const getTelegramStatus = (signal?: AbortSignal) =>
  call(notificationSettingsEndpoints.telegram, { signal });

/** The bot's deep link, the connection and the subscription promo. */
export const telegramStatusQueryOptions = () =>
  pageQueryOptions(telegramStatusQueryKey, getTelegramStatus);

export const useTelegramStatus = () => useQuery(telegramStatusQueryOptions());
