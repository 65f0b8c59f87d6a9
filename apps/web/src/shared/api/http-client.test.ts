import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { useSessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { http, toApiError } from './http-client';

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

  it('throws ApiError for non-2xx answers', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { success: false, message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }),
    );
    await expect(http.get('/profile')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Unauthenticated.',
    });
  });

  it('throws ApiError for a 200 with success:false', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: false, message: 'Nope', code: 'CONFLICT' }),
    );
    await expect(http.get('/x')).rejects.toMatchObject({
      status: 200,
      code: 'CONFLICT',
      message: 'Nope',
    });
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
