import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ProfileResponse, UserDto } from '@proxy/contract';
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

/** Every source file of the SPA (what the bundle is built from). */
const sourceFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : [full];
  });

describe('restricted users', () => {
  it('follows the API flag only', () => {
    expect(isRestrictedUser(user)).toBe(false);
    expect(isRestrictedUser({ ...user, is_restricted: true })).toBe(true);
    expect(isRestrictedUser(null)).toBe(true);
  });

  it('sends users without profile data or with the flag away from guarded screens', () => {
    expect(mustLeaveGuardedScreen(undefined)).toBe(true);
    expect(mustLeaveGuardedScreen(profile({}))).toBe(false);
    expect(mustLeaveGuardedScreen(profile({ is_restricted: true }))).toBe(true);
  });

  it('the special API keys are nowhere in the SPA source (so not in the bundle)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(50);
    // Built from parts so this file does not contain the values it looks for.
    const special = new RegExp(['restricted', 'key', '[0-9]'].join('-'));
    const leaking = files.filter((file) => special.test(readFileSync(file, 'utf8')));
    expect(leaking).toEqual([]);
  });
});
