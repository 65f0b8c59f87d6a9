import { TOKEN_SYNC_STORAGE_KEY, authEndpoints } from '@proxy/contract';
import { call } from '../api/http-client';
import { useSessionStore } from './session-store';

/** Things to reset on logout (query cache, package stores, promo flags) register here. */
type LogoutHook = () => void;
const hooks = new Set<LogoutHook>();

export const onLogout = (hook: LogoutHook): (() => void) => {
  hooks.add(hook);
  return () => hooks.delete(hook);
};

const runHooks = (): void => {
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      /* a failing cleanup must not keep the user signed in */
    }
  }
};

/** Local part of logout: drops the token and every cached piece of user state. */
export const logoutLocally = (): void => {
  useSessionStore.getState().clearToken();
  runHooks();
};

/** POST /logout (best effort: the token is dropped locally whatever the answer). */
export const logout = async (): Promise<void> => {
  const { token } = useSessionStore.getState();
  if (token) {
    try {
      await call(authEndpoints.logout);
    } catch {
      /* expired or revoked already */
    }
  }
  logoutLocally();
};

/**
 * Cross-tab sync: TOKEN_SYNC changes in another tab. Removal logs this tab out;
 * a new value (login elsewhere) adopts the token.
 */
export const listenToOtherTabs = (): (() => void) => {
  const handler = (event: StorageEvent): void => {
    if (event.key !== TOKEN_SYNC_STORAGE_KEY && event.key !== null) return;
    const state = useSessionStore.getState();
    const next = event.key === null ? null : event.newValue;
    if (!next) {
      if (state.token) logoutLocally();
    } else if (next !== state.token) {
      state.setToken(next);
    }
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
};
