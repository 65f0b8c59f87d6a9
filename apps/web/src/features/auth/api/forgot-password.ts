import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput, MessageResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export const requestPasswordReset = (input: EmailOnlyInput): Promise<MessageResponse> =>
  http.post<MessageResponse>('/forgot-password', input);

export const useForgotPassword = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { skipGlobalError: true } });
