import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput, MessageResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export const sendEmailVerification = (input: EmailOnlyInput): Promise<MessageResponse> =>
  http.post<MessageResponse>('/email/verify', input);

export const useSendEmailVerification = () =>
  useMutation({ mutationFn: sendEmailVerification, meta: { skipGlobalError: true } });
