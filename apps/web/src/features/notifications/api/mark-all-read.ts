import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { notificationsQueryKey } from './get-notifications';

export const markAllNotificationsRead = () => call(notificationsEndpoints.readAll);

export const useMarkAllNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
};
