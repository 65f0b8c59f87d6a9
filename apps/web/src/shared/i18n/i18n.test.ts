import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from './i18n';

afterEach(() => vi.unstubAllGlobals());

describe('initI18n', () => {
  it('loads /locales/{lng}/{ns}.json with the app version as cache buster (?v=1.43.1)', async () => {
    localStorage.setItem('i18nextLng', 'ru');
    const fetchMock = vi.fn((url: string) => {
      void url;
      return Promise.resolve(
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    // The test setup initialised i18next with in-memory resources; the app loads over http.
    delete i18next.options.resources;
    delete i18next.options.lng;
    await initI18n();
    const urls = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://cabinet.test'));
    expect(urls.map((url) => url.pathname + url.search)).toContain(
      '/locales/ru/base.json?v=1.43.1',
    );
    expect(urls.every((url) => url.searchParams.get('v') === '1.43.1')).toBe(true);
    // Detection: local storage first; the fallback language is en.
    expect(i18next.language).toBe('ru');
    expect(i18next.options.fallbackLng).toEqual(['en']);
  });
});
