import type { InfiniteData } from '@tanstack/react-query';
import { notificationsEndpoints } from '@proxy/contract';
import { useCacheUpdateMutation } from '../../../shared/api/cache-update-mutation';
import { call } from '../../../shared/api/http-client';
import { notificationsQueryKey, type NotificationsPage } from './get-notifications';

export const markNotificationRead = (id: string) =>
  call(notificationsEndpoints.read, { params: { id } });

/** Marks one item read and patches the cached pages in place (no refetch, no jumping list). */
export const useMarkNotificationRead = () =>
  useCacheUpdateMutation(markNotificationRead, (queryClient, response, id) => {
    const readAt = response.notification?.read_at ?? new Date().toISOString();
    queryClient.setQueryData<InfiniteData<NotificationsPage, string | null>>(
      notificationsQueryKey,
      (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((item) =>
                  item.id === id ? { ...item, read_at: item.read_at ?? readAt } : item,
                ),
              })),
            }
          : data,
    );
  });
