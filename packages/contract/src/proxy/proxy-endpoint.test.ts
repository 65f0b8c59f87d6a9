import { describe, expect, it } from 'vitest';
import {
  printLine,
  proxyEndpoint,
  targetedLogin,
  ttlSuffix,
  type EndpointSpec,
} from './proxy-endpoint.ts';

const spec = (change: Partial<EndpointSpec> = {}): EndpointSpec => ({
  protocol: 'http',
  format: 0,
  host: 'gw.example',
  httpPort: 8080,
  socksPort: 1080,
  login: 'abc123',
  password: 'secret',
  targeting: {},
  ...change,
});

describe('targetedLogin', () => {
  it('writes country, then its city, then the session and its ttl, as the gateway parses them', () => {
    expect(targetedLogin('abc123', {})).toBe('abc123');
    expect(targetedLogin('abc123', { country: 'DE' })).toBe('abc123_c_de');
    expect(targetedLogin('abc123', { country: 'US', city: 'new-york' })).toBe(
      'abc123_c_us_city_new-york',
    );
    expect(targetedLogin('abc123', { session: '123456', ttlSeconds: 600 })).toBe(
      'abc123_s_123456_ttl_10m',
    );
    expect(
      targetedLogin('abc123', { country: 'us', city: 'miami', session: '7', ttlSeconds: 7200 }),
    ).toBe('abc123_c_us_city_miami_s_7_ttl_2h');
  });

  it('leaves out a city without its country and a ttl without a session', () => {
    expect(targetedLogin('abc123', { city: 'miami' })).toBe('abc123');
    expect(targetedLogin('abc123', { ttlSeconds: 600 })).toBe('abc123');
    expect(targetedLogin('abc123', { session: '42' })).toBe('abc123_s_42');
  });
});

describe('ttlSuffix', () => {
  it('writes whole hours, else minutes, else seconds', () => {
    expect(ttlSuffix(86_400)).toBe('24h');
    expect(ttlSuffix(5400)).toBe('90m');
    expect(ttlSuffix(45)).toBe('45s');
  });
});

describe('printLine', () => {
  it('fills each token literally', () => {
    expect(printLine('USER:PASS@HOST:PORT', { host: 'h', port: 1, user: 'u', pass: 'HOST' })).toBe(
      'u:HOST@h:1',
    );
  });
});

describe('proxyEndpoint', () => {
  it('prints every format on the port of the chosen protocol', () => {
    const sticky = { country: 'DE', session: '123456', ttlSeconds: 1800 };
    expect(proxyEndpoint(spec({ targeting: sticky }))).toBe(
      'gw.example:8080:abc123_c_de_s_123456_ttl_30m:secret',
    );
    expect(proxyEndpoint(spec({ format: 1, protocol: 'socks5', targeting: sticky }))).toBe(
      'abc123_c_de_s_123456_ttl_30m:secret@gw.example:1080',
    );
    expect(proxyEndpoint(spec({ format: 2, protocol: 'socks5', targeting: sticky }))).toBe(
      'socks5://abc123_c_de_s_123456_ttl_30m:secret@gw.example:1080',
    );
    expect(proxyEndpoint(spec({ format: 2 }))).toBe('http://abc123:secret@gw.example:8080');
  });

  it('brackets an IPv6 host in a URL and falls back to the first format for an unknown one', () => {
    expect(proxyEndpoint(spec({ format: 2, host: '::1' }))).toBe('http://abc123:secret@[::1]:8080');
    expect(proxyEndpoint(spec({ format: 9 }))).toBe('gw.example:8080:abc123:secret');
  });
});
