import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_TTL_DAYS,
  TOKEN_SYNC_STORAGE_KEY,
} from '@proxy/contract';
import { readCookie, removeCookie, writeCookie } from '../lib/cookies';

type SessionState = {
  token: string | null;
  setToken: (token: string) => void;
  clearToken: () => void;
};

const safeStorage = {
  get: (key: string): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string): void => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage disabled: the cookie still holds the session */
    }
  },
  remove: (key: string): void => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

/**
 * `Secure` only over https: browsers drop a Secure cookie set from http://127.0.0.1,
 * which would lose the session in local runs and tests (docs/decisions/021-web-session-token.md).
 */
const isSecureContextPage = (): boolean =>
  typeof location !== 'undefined' && location.protocol === 'https:';

export const persistToken = (token: string): void => {
  writeCookie(ACCESS_TOKEN_COOKIE, token, {
    days: ACCESS_TOKEN_TTL_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: isSecureContextPage(),
  });
  safeStorage.set(TOKEN_SYNC_STORAGE_KEY, token);
};

export const forgetToken = (): void => {
  removeCookie(ACCESS_TOKEN_COOKIE);
  safeStorage.remove(TOKEN_SYNC_STORAGE_KEY);
};

/** Reads the token: the cookie wins; an older localStorage-only copy is migrated to the cookie. */
export const readInitialToken = (): string | null => {
  const fromCookie = readCookie(ACCESS_TOKEN_COOKIE);
  if (fromCookie) {
    if (safeStorage.get(TOKEN_SYNC_STORAGE_KEY) !== fromCookie)
      safeStorage.set(TOKEN_SYNC_STORAGE_KEY, fromCookie);
    return fromCookie;
  }
  const legacy = safeStorage.get(TOKEN_SYNC_STORAGE_KEY);
  if (legacy) {
    persistToken(legacy);
    return legacy;
  }
  return null;
};

const sessionStore = createStore<SessionState>()((set) => ({
  token: readInitialToken(),
  setToken: (token) => {
    persistToken(token);
    set({ token });
  },
  clearToken: () => {
    forgetToken();
    set({ token: null });
  },
}));

/**
 * The session in a component (`useSessionStore(selector)`) and outside (`getState`, `setState`,
 * `subscribe`). Unlike zustand's `create`, whose hook reads the store's initial state while React
 * draws on the server and hydrates, this reads the current state there too: the server draws a
 * signed-in screen with the session it set (src/app/prerender.tsx), and the browser hydrates
 * with the session it read at start, which is the same.
 */
export const useSessionStore = Object.assign(<T>(selector: (state: SessionState) => T): T => {
  const read = () => selector(sessionStore.getState());
  return useSyncExternalStore(sessionStore.subscribe, read, read);
}, sessionStore);

export const selectIsAuthenticated = (state: SessionState): boolean => state.token !== null;
