import type { ApiClient } from './api-client.ts';
import { PASSWORD } from './helpers.ts';
import { base32Decode, totpAt, totpStep } from '../src/lib/totp.ts';

/**
 * An authenticator app in a test: it computes RFC 6238 codes from the secret the API showed
 * (src/lib/totp.ts, checked against the RFC's vectors) and hands out each time step once,
 * the way the server accepts them (±1 step, never a step again).
 */
export const authenticator = (secret: string) => {
  const key = base32Decode(secret);
  if (!key) throw new Error(`not a base32 secret: ${secret}`);
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    /** A code of a step not used yet within the accepted window. */
    next: () => {
      const now = totpStep(Date.now());
      const step = Math.max(now - 1, lastStep + 1);
      if (step > now + 1) throw new Error('no unused step left in the window: use a fresh user');
      lastStep = step;
      return totpAt(key, step);
    },
    /** The code of a step `offset` steps from now (outside the window for |offset| > 1). */
    at: (offset: number) => totpAt(key, totpStep(Date.now()) + offset),
    /** The code of the last step handed out (already used). */
    last: () => totpAt(key, lastStep),
  };
};

export type Authenticator = ReturnType<typeof authenticator>;

/** Turns two-factor sign-in on for the signed-in `token`: its authenticator and recovery codes. */
export const enableTwoFactor = async (api: ApiClient, token: string, remoteAddress?: string) => {
  const from = remoteAddress ? { remoteAddress } : {};
  const setup = await api.request('POST', '/api/profile/two-factor/setup', { token, ...from });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const app = authenticator(setup.json<{ secret: string }>().secret);
  const enabled = await api.request('POST', '/api/profile/two-factor/enable', {
    token,
    payload: { code: app.next() },
    ...from,
  });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.body}`);
  return { app, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
};

/** The password step of a user with two-factor sign-in: its challenge. */
export const passwordStep = async (api: ApiClient, email: string, remoteAddress?: string) => {
  const response = await api.request('POST', '/api/userlogin', {
    payload: { email, password: PASSWORD },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ challenge_token: string }>().challenge_token;
};
