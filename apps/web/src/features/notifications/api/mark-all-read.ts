import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { notificationsQueryKey } from './get-notifications';

export const markAllNotificationsRead = (): Promise<{ success: true; updated: number }> =>
  http.patch('/profile/notifications/read-all');

export const useMarkAllNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
};
