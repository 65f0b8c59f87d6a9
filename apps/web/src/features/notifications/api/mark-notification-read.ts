import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import {
  notificationsQueryKey,
  type NotificationItem,
  type NotificationsPage,
} from './get-notifications';

export const markNotificationRead = (
  id: string,
): Promise<{ success: true; notification: NotificationItem }> =>
  http.patch(`/profile/notifications/${encodeURIComponent(id)}/read`);

/** Marks one item read and patches the cached pages in place (no refetch, no jumping list). */
export const useMarkNotificationRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    meta: { skipGlobalError: true },
    onSuccess: (response, id) => {
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
    },
  });
};
