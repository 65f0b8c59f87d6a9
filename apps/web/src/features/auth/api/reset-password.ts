import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type ResetPasswordInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const resetPassword = (input: ResetPasswordInput) =>
  call(authEndpoints.resetPassword, { body: input });

export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, meta: { skipGlobalError: true } });
