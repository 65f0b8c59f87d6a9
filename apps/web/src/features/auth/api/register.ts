import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterInput } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export const register = (input: RegisterInput): Promise<AuthResponse> =>
  http.post<AuthResponse>('/register', input);

export const useRegister = () =>
  useMutation({ mutationFn: register, meta: { skipGlobalError: true } });
