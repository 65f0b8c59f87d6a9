import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Language = 'en' | 'ru';

export type RequestOptions = {
  /** The session token to send as `Authorization: Bearer`. */
  token?: string;
  /** Sent as `Accept-Language`. */
  language?: Language;
  headers?: Record<string, string>;
  /** An object goes as JSON; a string goes as it is (set its content type in `headers`). */
  payload?: InjectOptions['payload'];
  remoteAddress?: string;
};

/**
 * Requests to one app (through `inject`), so a test states only what differs: who asks
 * (`token`), in which language and with what body.
 */
export const createApiClient = (app: FastifyInstance) => {
  const request = (
    method: HTTPMethods,
    url: string,
    { token, language, headers, payload, remoteAddress }: RequestOptions = {},
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...(token === undefined ? {} : bearer(token)),
        ...(language === undefined ? {} : { 'accept-language': language }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });

  const login = (email: string, password: string, language?: Language) =>
    request('POST', '/api/userlogin', { language, payload: { email, password } });

  /** GET /api/profile as the holder of `token`. */
  const profile = (token: string, language?: Language) =>
    request('GET', '/api/profile', { token, language });

  return {
    request,
    /** POST /api/userlogin. */
    login,
    /** A further session of the user (another device logging in with `password`): its token. */
    anotherSession: async (email: string, password: string) =>
      (await login(email, password)).json<{ token: string }>().token,
    profile,
    /** A password change through the profile form (POST /api/profile), confirmed. */
    changePassword: (token: string, currentPassword: string, password: string) =>
      request('POST', '/api/profile', {
        token,
        payload: { current_password: currentPassword, password, password_confirmation: password },
      }),
    /** 200 while the session of `token` lives, 401 once it is revoked. */
    profileStatus: async (token: string) => (await profile(token)).statusCode,
    /** The types of the user's notifications, newest first (the first page). */
    notificationTypes: async (token: string) =>
      (await request('GET', '/api/profile/notifications', { token }))
        .json<{ data: { type: string }[] }>()
        .data.map((notification) => notification.type),
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
