import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';
import { safeRedirectPath } from './safe-redirect';

describe('toQueryString', () => {
  it('serialises arrays in bracket form and objects as key[sub]', () => {
    expect(toQueryString({ ids: [1, 2], filters: { type: 'isp' }, page: 2 })).toBe(
      `?${new URLSearchParams([
        ['ids[]', '1'],
        ['ids[]', '2'],
        ['filters[type]', 'isp'],
        ['page', '2'],
      ]).toString()}`,
    );
  });

  it('drops null and undefined and returns an empty string when nothing is left', () => {
    expect(toQueryString({ cursor: null, per_page: undefined })).toBe('');
    expect(toQueryString({ per_page: 10, cursor: null })).toBe('?per_page=10');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('safeRedirectPath', () => {
  it('accepts same-origin paths only', () => {
    expect(safeRedirectPath('/cabinet/profile?tab=1')).toBe('/cabinet/profile?tab=1');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
