import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type EmailOnlyInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const sendEmailVerification = (input: EmailOnlyInput) =>
  call(authEndpoints.sendEmailVerification, { body: input });

export const useSendEmailVerification = () =>
  useMutation({ mutationFn: sendEmailVerification, meta: { skipGlobalError: true } });
