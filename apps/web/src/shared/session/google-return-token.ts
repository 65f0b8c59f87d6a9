import { paths } from '../config/paths';

let pendingToken: string | null = null;
let pendingChallenge: string | null = null;

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
  // An account with two-factor sign-in returns the challenge of the code step instead.
  const challenge = params.get('two_factor_challenge');
  if (token === null && challenge === null) return;
  params.delete('token');
  params.delete('two_factor_challenge');
  const rest = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${pathname}${rest ? `?${rest}` : ''}${hash}`,
  );
  pendingToken = token;
  pendingChallenge = challenge;
};

/** The captured token, once: a second call returns null. */
export const takeGoogleReturnToken = (): string | null => {
  const token = pendingToken;
  pendingToken = null;
  return token;
};

/** The captured challenge of the two-factor step, once. */
export const takeGoogleReturnChallenge = (): string | null => {
  const challenge = pendingChallenge;
  pendingChallenge = null;
  return challenge;
};
