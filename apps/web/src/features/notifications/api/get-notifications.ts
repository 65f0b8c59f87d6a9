import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_STALE_MS } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import type { NotificationData } from '../utils/notification-lines';

export type NotificationItem = {
  id: string;
  type: string;
  data: NotificationData;
  created_at: string;
  read_at: string | null;
};

export type NotificationsPage = { data: NotificationItem[]; meta: { next_cursor: string | null } };

export const getNotifications = (
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationsPage> =>
  http.get<NotificationsPage>('/profile/notifications', {
    query: { per_page: NOTIFICATIONS_PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
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
