import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { useSessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { notificationsEndpoints, profileEndpoints } from '@proxy/contract';
import { ContractMismatchError, call, http, parseResponse, toApiError } from './http-client';

const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('toApiError', () => {
  it('keeps the body message, code and field errors', () => {
    const error = toApiError(422, {
      success: false,
      message: 'The given data was invalid.',
      code: 'VALIDATION_FAILED',
      errors: { email: ['Enter a valid e-mail address'] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('The given data was invalid.');
    expect(error.fieldErrors).toEqual({ email: ['Enter a valid e-mail address'] });
    expect(error.isNotFound).toBe(false);
  });

  it('uses the translated not-found text for a 404 without message', () => {
    const error = toApiError(404, null);
    expect(error.isNotFound).toBe(true);
    expect(error.message).toBe('The requested resource was not found.');
  });

  it('uses the server error text for success:false without message', () => {
    expect(toApiError(200, { success: false }).message).toBe(
      'Server error. Please try again later.',
    );
  });

  it('falls back to the network text when there is no answer', () => {
    const error = toApiError(0, null);
    expect(error.isTransport).toBe(true);
    expect(error.message).toBe('Network error. Please try again later.');
  });
});

describe('http client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({ token: 'secret-token' });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null });
  });

  it('sends the bearer token, language and JSON body to the API base', async () => {
    await i18next.changeLanguage('ru');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, token: 't' }));
    await http.post('/userlogin', { email: 'a@b.c' }, { query: { ids: [1, 2] } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/userlogin?ids%5B%5D=1&ids%5B%5D=2');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['Accept-Language']).toBe('ru');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.c' }));
    await i18next.changeLanguage('en');
  });

  it.each([
    {
      answer: 'a non-2xx answer',
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Unauthenticated.',
    },
    { answer: 'a 200 with success:false', status: 200, code: 'CONFLICT', message: 'Nope' },
  ])('throws ApiError for $answer', async ({ status, code, message }) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { success: false, message, code }));
    await expect(http.get('/profile')).rejects.toMatchObject({ status, code, message });
  });

  it('maps transport failures to the network message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/profile')).rejects.toMatchObject({
      status: 0,
      message: 'Network error. Please try again later.',
    });
  });

  it('omits the Authorization header without a token', async () => {
    useSessionStore.setState({ token: null });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await http.get('/health');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });
});

describe('call (contract endpoints)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const user = {
    id: 7,
    name: 'Tester',
    email: 'a@b.c',
    role: 0,
    status: 1,
    telegram: null,
    invited: null,
    ref_link: 'ref',
    api_key: 'key',
    email_verified_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    balance: 1.5,
    referral_reward: 10,
    locale: 'en',
    referral_balance: 0,
    is_show_notification: true,
    is_restricted: false,
    telegram_user: null,
    billing_name: null,
    billing_address: null,
    two_factor_enabled: false,
  };
  const profile = {
    user,
    promo_token: null,
    promo_token_used: false,
    telegram_connected: false,
  };

  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('uses the definition for method and path, and returns the parsed answer', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, notification: { ...readItem }, extra: 'x' }),
    );
    const answer = await call(notificationsEndpoints.read, { params: { id: 'a b' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/profile/notifications/a%20b/read');
    expect(init?.method).toBe('PATCH');
    expect(answer).toEqual({ success: true, notification: readItem });
  });

  it('rejects an answer that does not match the contract (development and tests)', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { ...profile, user: { ...user, balance: '1.50' } }),
    );
    const failure = call(profileEndpoints.getProfile);
    await expect(failure).rejects.toBeInstanceOf(ContractMismatchError);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { ...profile, user: { ...user, balance: '1.50' } }),
    );
    await expect(call(profileEndpoints.getProfile)).rejects.toThrow('user.balance');
  });

  it('accepts the exact shape, and production skips the check', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, profile));
    await expect(call(profileEndpoints.getProfile)).resolves.toEqual(profile);
    const wrong = { user: null };
    expect(parseResponse(profileEndpoints.getProfile, wrong, false)).toBe(wrong);
  });
});

const readItem = {
  id: '4b1c5a36-8f0e-4e59-9d1c-0a3f3b3e2a11',
  type: 'notifications.welcome',
  data: [{ label: 'labels.package', value: 'Base' }],
  created_at: '2026-01-01T00:00:00.000Z',
  read_at: '2026-01-02T00:00:00.000Z',
};
