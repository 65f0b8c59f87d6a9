import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordInput } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export const resetPassword = (input: ResetPasswordInput): Promise<MessageResponse> =>
  http.post<MessageResponse>('/reset-password', input);

export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, meta: { skipGlobalError: true } });
