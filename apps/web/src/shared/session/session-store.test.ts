import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_COOKIE, TOKEN_SYNC_STORAGE_KEY } from '@proxy/contract';
import { cookiesWrittenBy } from '../../test/dom';
import { readCookie, removeCookie } from '../lib/cookies';
import { listenToOtherTabs, onLogout } from './logout';
import { readInitialToken, useSessionStore } from './session-store';

const reset = () => {
  removeCookie(ACCESS_TOKEN_COOKIE);
  localStorage.clear();
  useSessionStore.setState({ token: null });
};

describe('session store', () => {
  beforeEach(reset);
  afterEach(reset);

  it('stores the token in the ACCESS_TOKEN cookie and mirrors it in TOKEN_SYNC', () => {
    useSessionStore.getState().setToken('abc');
    expect(useSessionStore.getState().token).toBe('abc');
    expect(readCookie(ACCESS_TOKEN_COOKIE)).toBe('abc');
    expect(localStorage.getItem(TOKEN_SYNC_STORAGE_KEY)).toBe('abc');
  });

  it('writes the cookie for 30 days, SameSite=Lax, path / (spec section 9)', () => {
    const written = cookiesWrittenBy(() => useSessionStore.getState().setToken('abc'));
    const cookie = written.find((value) => value.startsWith(`${ACCESS_TOKEN_COOKIE}=abc`));
    expect(cookie).toContain('; path=/');
    expect(cookie).toContain('; SameSite=Lax');
    expect(cookie).toContain(`; max-age=${30 * 86_400}`);
  });

  it('removes both copies when cleared', () => {
    useSessionStore.getState().setToken('abc');
    useSessionStore.getState().clearToken();
    expect(useSessionStore.getState().token).toBeNull();
    expect(readCookie(ACCESS_TOKEN_COOKIE)).toBeNull();
    expect(localStorage.getItem(TOKEN_SYNC_STORAGE_KEY)).toBeNull();
  });

  it('migrates an older localStorage-only copy to the cookie', () => {
    localStorage.setItem(TOKEN_SYNC_STORAGE_KEY, 'legacy');
    expect(readInitialToken()).toBe('legacy');
    expect(readCookie(ACCESS_TOKEN_COOKIE)).toBe('legacy');
  });

  it('logs this tab out when another tab removes TOKEN_SYNC', () => {
    const hook = vi.fn();
    const stopHook = onLogout(hook);
    const stop = listenToOtherTabs();
    useSessionStore.getState().setToken('abc');
    localStorage.removeItem(TOKEN_SYNC_STORAGE_KEY);
    window.dispatchEvent(
      new StorageEvent('storage', { key: TOKEN_SYNC_STORAGE_KEY, oldValue: 'abc', newValue: null }),
    );
    expect(useSessionStore.getState().token).toBeNull();
    expect(readCookie(ACCESS_TOKEN_COOKIE)).toBeNull();
    expect(hook).toHaveBeenCalledTimes(1);
    stop();
    stopHook();
  });

  it('adopts a token set by another tab', () => {
    const stop = listenToOtherTabs();
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: TOKEN_SYNC_STORAGE_KEY,
        oldValue: null,
        newValue: 'other',
      }),
    );
    expect(useSessionStore.getState().token).toBe('other');
    stop();
  });
});
