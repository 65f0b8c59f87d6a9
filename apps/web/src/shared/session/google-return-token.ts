import { paths } from '../config/paths';

let pendingToken: string | null = null;

/**
 * The Google return URL carries the session token (/auth/google/callback?token=...). Before
 * anything else runs, the token moves into memory and the URL is replaced, so it stays
 * neither in the address bar nor in history (the server also sends Referrer-Policy:
 * no-referrer for this page). The return screen takes it with takeGoogleReturnToken().
 */
export const captureGoogleReturnToken = (): void => {
  const { pathname, search, hash } = window.location;
  if (pathname.replace(/\/+$/, '') !== paths.googleCallback) return;
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token === null) return;
  params.delete('token');
  const rest = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${pathname}${rest ? `?${rest}` : ''}${hash}`,
  );
  pendingToken = token;
};

/** The captured token, once: a second call returns null. */
export const takeGoogleReturnToken = (): string | null => {
  const token = pendingToken;
  pendingToken = null;
  return token;
};
