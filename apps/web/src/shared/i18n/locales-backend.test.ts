import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TranslationsLoadError,
  fetchTranslations,
  localesBackend,
  startLanguage,
  storedLanguage,
  storedLanguageDetector,
} from './locales-backend';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const readVia = (language: string, namespace: string) =>
  new Promise<[unknown, unknown]>((resolve) => {
    localesBackend.read(language, namespace, (error, data) => resolve([error, data]));
  });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie = 'i18next=; path=/; max-age=0';
});

describe('locales backend', () => {
  it('fetches a file once: an early request is the one i18next reads', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json({ title: 'Sign in' })));
    vi.stubGlobal('fetch', fetchMock);
    const early = fetchTranslations('en', 'once');
    const [error, data] = await readVia('en', 'once');
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Sign in' });
    expect(await early).toEqual({ title: 'Sign in' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/locales/en/once.json?v=1.43.1');
  });

  it('asks i18next to retry a 5xx or no answer, not a 404, and fetches again on retry', async () => {
    const fetchMock = vi
      .fn<(url: string) => Promise<Response>>()
      .mockResolvedValueOnce(json({}, 503))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({}, 404))
      .mockResolvedValueOnce(json({ ok: 'yes' }));
    vi.stubGlobal('fetch', fetchMock);
    const [serverError, retry503] = await readVia('ru', 'flaky');
    expect(serverError).toBeInstanceOf(TranslationsLoadError);
    expect(retry503).toBe(true);
    expect((await readVia('ru', 'flaky'))[1]).toBe(true);
    const [missing, retry404] = await readVia('ru', 'flaky');
    expect(String(missing)).toContain('HTTP 404');
    expect(retry404).toBe(false);
    expect(await readVia('ru', 'flaky')).toEqual([null, { ok: 'yes' }]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('stored language', () => {
  it('reads local storage first, then the i18next cookie; unknown codes start in English', () => {
    expect(storedLanguage()).toBeUndefined();
    expect(startLanguage()).toBe('en');
    document.cookie = 'i18next=ru; path=/';
    expect(storedLanguage()).toBe('ru');
    localStorage.setItem('i18nextLng', 'en-GB');
    expect(storedLanguage()).toBe('en-GB');
    expect(startLanguage()).toBe('en');
    localStorage.setItem('i18nextLng', 'ru-RU');
    expect(startLanguage()).toBe('ru');
    localStorage.setItem('i18nextLng', 'de');
    expect(startLanguage()).toBe('en');
  });

  it('remembers a change in local storage', () => {
    storedLanguageDetector.cacheUserLanguage?.('ru');
    expect(localStorage.getItem('i18nextLng')).toBe('ru');
  });
});
