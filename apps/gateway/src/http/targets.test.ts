import { describe, expect, it } from 'vitest';
import { parseAbsoluteHttpUrl } from './targets.ts';

describe('absolute-URI request targets', () => {
  it('splits authority and path wherever the authority ends', () => {
    expect(parseAbsoluteHttpUrl('http://example.com:8080/a/b?c=1')).toEqual({
      host: 'example.com',
      port: 8080,
      authority: 'example.com:8080',
      path: '/a/b?c=1',
    });
    expect(parseAbsoluteHttpUrl('HTTP://10.0.0.1?x=/y')).toMatchObject({
      host: '10.0.0.1',
      port: 80,
      path: '/?x=/y',
    });
    expect(parseAbsoluteHttpUrl('http://example.com#frag/x')).toMatchObject({
      authority: 'example.com',
      path: '/',
    });
    expect(parseAbsoluteHttpUrl('http://example.com')).toMatchObject({ path: '/' });
    expect(parseAbsoluteHttpUrl('http://[::1]:81/p#f')).toMatchObject({
      host: '::1',
      port: 81,
      path: '/p',
    });
  });

  it('refuses userinfo, other schemes and bad authorities', () => {
    expect(parseAbsoluteHttpUrl('http://user:pw@example.com/')).toBeNull();
    expect(parseAbsoluteHttpUrl('https://example.com/')).toBeNull();
    expect(parseAbsoluteHttpUrl('http:///path')).toBeNull();
    expect(parseAbsoluteHttpUrl('http://example.com:99999/')).toBeNull();
  });
});
