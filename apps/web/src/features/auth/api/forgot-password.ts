import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type EmailOnlyInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const requestPasswordReset = (input: EmailOnlyInput) =>
  call(authEndpoints.forgotPassword, { body: input });

export const useForgotPassword = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { skipGlobalError: true } });
