import { defineEndpoint } from '@proxy/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { downloadFile, fileNameFromDisposition } from './download-file';

const exportEndpoint = defineEndpoint('GET /export/things/:format/:id', {
  summary: 'test download',
  response: { kind: 'file' },
});

describe('fileNameFromDisposition', () => {
  it.each([
    [`attachment; filename="a_b.csv"; filename*=UTF-8''%D0%B0_b.csv`, 'а_b.csv'],
    ['attachment; filename="list.txt"', 'list.txt'],
    [`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A.pdf`, 'x.pdf'],
    [null, null],
  ])('%s -> %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});

describe('downloadFile', () => {
  const saved: { name: string; href: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    useSessionStore.setState({ token: 'tok' });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:1', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fetches with the bearer token and saves under the name the server gives', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response('1.2.3.4:8080\n', {
          headers: { 'Content-Disposition': 'attachment; filename="isp-list.txt"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await downloadFile(exportEndpoint, { params: { format: 'txt', id: 7 }, fallbackName: 'x.txt' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/export\/things\/txt\/7$/);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(saved).toEqual([{ name: 'isp-list.txt', href: 'blob:1' }]);
  });

  it('throws the ApiError of a JSON error answer and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 })),
      ),
    );
    const error: unknown = await downloadFile(exportEndpoint, {
      params: { format: 'txt', id: 7 },
      fallbackName: 'x.txt',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Not found.');
    expect(saved).toEqual([]);
  });
});
