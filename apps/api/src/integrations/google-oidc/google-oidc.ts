import * as oidc from 'openid-client';

export type GoogleOidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
};

/** What the flow remembers between the redirect and the callback (kept in a signed cookie). */
export type OidcFlow = { state: string; nonce: string; codeVerifier: string };

export type GoogleClaims = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

export type GoogleOidc = {
  /** A new flow (PKCE verifier, state, nonce) and the provider URL to send the browser to. */
  start: () => Promise<{ flow: OidcFlow; url: string }>;
  /** Validates state, exchanges the code (PKCE), validates the ID token and its nonce. */
  finish: (callbackUrl: URL, flow: OidcFlow) => Promise<GoogleClaims>;
};

/**
 * OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client v6).
 * Discovery runs on first use and is cached; a failed discovery is retried next time.
 * Plain-http issuers are accepted only on loopback hosts (the test provider).
 */
export const createGoogleOidc = (config: GoogleOidcConfig): GoogleOidc => {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    if (!discovered) {
      const issuer = new URL(config.issuer);
      const isLoopbackHttp =
        issuer.protocol === 'http:' &&
        ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      discovered = oidc
        .discovery(
          issuer,
          config.clientId,
          { redirect_uris: [config.redirectUri], response_types: ['code'] },
          oidc.ClientSecretPost(config.clientSecret),
          isLoopbackHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered = null;
          throw error;
        });
    }
    return discovered;
  };

  return {
    start: async () => {
      const server = await configuration();
      const flow: OidcFlow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { flow, url: url.href };
    },
    finish: async (callbackUrl, flow) => {
      const server = await configuration();
      const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken?.sub) throw new Error('ID token without subject');
      // Google puts the e-mail claims into the ID token. A conformant provider returns
      // scope-requested claims from userinfo only; fetch them there, for this subject only
      // (openid-client refuses a userinfo response whose `sub` differs). E-mail and its
      // verification flag always come together from one source.
      const hasEmailClaims =
        typeof idToken.email === 'string' && idToken.email_verified !== undefined;
      const claims = hasEmailClaims
        ? idToken
        : await oidc.fetchUserInfo(server, tokens.access_token, idToken.sub);
      const email = claims.email ?? null;
      const name = idToken.name ?? claims.name;
      return {
        sub: idToken.sub,
        email: typeof email === 'string' ? email : null,
        // Google sends a boolean; some providers send the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof name === 'string' ? name : null,
      };
    },
  };
};
