import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  twoFactorEndpoints,
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
} from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { profileQueryKey } from '../../../shared/api/profile-query-key';
import { pageQueryOptions } from '../../../shared/api/query-options';

export const twoFactorQueryKey = ['profile', 'two-factor'] as const;

export const getTwoFactor = (signal?: AbortSignal) =>
  call(twoFactorEndpoints.getTwoFactor, { signal });

export const twoFactorQueryOptions = () =>
  queryOptions(pageQueryOptions(twoFactorQueryKey, getTwoFactor));

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());

/** A change of the two-factor state: the status is read again afterwards. */
const useTwoFactorMutation = <I, R>(mutationFn: (input: I) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipGlobalError: true },
    // The profile's two_factor_enabled decides whether other forms ask for a code.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
};

export const useSetupTwoFactor = () =>
  useTwoFactorMutation(() => call(twoFactorEndpoints.setupTwoFactor));

export const useEnableTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorCodeInput) =>
    call(twoFactorEndpoints.enableTwoFactor, { body }),
  );

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorDisableInput) =>
    call(twoFactorEndpoints.disableTwoFactor, { body }),
  );

export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation((body: TwoFactorCodeInput) =>
    call(twoFactorEndpoints.regenerateRecoveryCodes, { body }),
  );
