import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type LoginInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const login = (input: LoginInput) => call(authEndpoints.login, { body: input });

export const useLogin = () => useMutation({ mutationFn: login, meta: { skipGlobalError: true } });
