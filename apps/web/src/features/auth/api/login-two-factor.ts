import { useMutation } from '@tanstack/react-query';
import { twoFactorEndpoints, type LoginTwoFactorInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const loginTwoFactor = (input: LoginTwoFactorInput) =>
  call(twoFactorEndpoints.loginTwoFactor, { body: input });

export const useLoginTwoFactor = () =>
  useMutation({ mutationFn: loginTwoFactor, meta: { skipGlobalError: true } });
