import { describe, expect, it } from 'vitest';
import type { ProfileResponse, UserDto } from '@proxy/contract';
import { RESTRICTED_API_KEYS } from '../config';
import { isRestrictedUser, mustLeaveGuardedScreen } from './restricted-user';

const user: Pick<UserDto, 'api_key' | 'is_restricted'> = {
  api_key: 'normal-key',
  is_restricted: false,
};
const profile = (patch: Partial<UserDto>): ProfileResponse =>
  ({
    user: { ...user, ...patch },
    promo_token: null,
    promo_token_used: false,
    telegram_connected: false,
  }) as ProfileResponse;

describe('restricted users', () => {
  it('flags the special API keys and the API flag', () => {
    expect(isRestrictedUser(user)).toBe(false);
    for (const key of RESTRICTED_API_KEYS)
      expect(isRestrictedUser({ ...user, api_key: key })).toBe(true);
    expect(isRestrictedUser({ ...user, is_restricted: true })).toBe(true);
  });

  it('sends users without profile data away from guarded screens', () => {
    expect(mustLeaveGuardedScreen(undefined)).toBe(true);
    expect(mustLeaveGuardedScreen(profile({}))).toBe(false);
    expect(mustLeaveGuardedScreen(profile({ api_key: 'restricted-key-2' }))).toBe(true);
  });
});
