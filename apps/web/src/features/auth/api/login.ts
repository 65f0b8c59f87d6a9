import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginInput } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export const login = (input: LoginInput): Promise<AuthResponse> =>
  http.post<AuthResponse>('/userlogin', input);

export const useLogin = () => useMutation({ mutationFn: login, meta: { skipGlobalError: true } });
