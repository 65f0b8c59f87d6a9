import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type RegisterInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const register = (input: RegisterInput) => call(authEndpoints.register, { body: input });

export const useRegister = () =>
  useMutation({ mutationFn: register, meta: { skipGlobalError: true } });
