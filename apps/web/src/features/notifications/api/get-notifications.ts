import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_STALE_MS,
  notificationsEndpoints,
  type NotificationDto,
  type NotificationsPage,
} from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export type NotificationItem = NotificationDto;
export type { NotificationsPage };

export const getNotifications = (cursor: string | null, signal?: AbortSignal) =>
  call(notificationsEndpoints.list, {
    query: { per_page: NOTIFICATIONS_PAGE_SIZE, cursor },
    signal,
  });

export const notificationsQueryKey = ['notifications'] as const;

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    staleTime: NOTIFICATIONS_STALE_MS,
    // The panel shows the fetch error inline in the list.
    meta: { skipGlobalError: true },
  });

export const useNotifications = (enabled = true) =>
  useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
