import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';
import type { OidcFlow } from '../../integrations/google-oidc/google-oidc.ts';

export const FLOW_COOKIE = 'google_oidc_flow';
/** The user has ten minutes to finish at Google. */
export const FLOW_TTL_SECONDS = 600;

type StoredFlow = OidcFlow & { ref: string | null; expiresAt: number };

const sign = (secret: string, payload: string) => hmacBase64Url(secret, `google-flow.${payload}`);

/** base64url(JSON).HMAC: httpOnly, short-lived and tamper-evident; nothing stored server-side. */
export const encodeFlowCookie = (
  secret: string,
  flow: OidcFlow,
  ref: string | null,
  now = Date.now(),
) => {
  const stored: StoredFlow = { ...flow, ref, expiresAt: now + FLOW_TTL_SECONDS * 1000 };
  const payload = Buffer.from(JSON.stringify(stored)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
};

export const decodeFlowCookie = (
  secret: string,
  value: string | undefined,
  now = Date.now(),
): StoredFlow | null => {
  if (!value || value.length > 4096) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, sign(secret, payload))) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StoredFlow;
    if (typeof flow.expiresAt !== 'number' || flow.expiresAt < now) return null;
    if (![flow.state, flow.nonce, flow.codeVerifier].every((v) => typeof v === 'string'))
      return null;
    return flow;
  } catch {
    return null;
  }
};
