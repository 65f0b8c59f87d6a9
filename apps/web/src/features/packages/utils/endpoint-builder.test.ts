import { describe, expect, it } from 'vitest';
import { MAX_SESSION_TTL_SECONDS, PROXY_LIST_ERROR_KEYS } from '@proxy/contract';
import {
  builderDefaults,
  builtEndpoint,
  formatOptions,
  lifetimeError,
  newSessionId,
  type BuilderConnection,
  type BuilderState,
} from './endpoint-builder';

const connection: BuilderConnection = {
  host: 'gw.example',
  port_http: 8080,
  port_socks: 1080,
  login: 'pk1',
  password: 'pw',
};
const state = (change: Partial<BuilderState> = {}): BuilderState => ({
  ...builderDefaults('654321'),
  ...change,
});

describe('the endpoint builder', () => {
  it('starts on a rotating HTTP line of any exit', () => {
    expect(builtEndpoint(state(), connection)).toBe('gw.example:8080:pk1:pw');
  });

  it('builds a sticky SOCKS5 URL of a country and city with the session lifetime in the login', () => {
    const sticky = state({
      protocol: 'socks5',
      country: 'US',
      city: 'new-york',
      session: 'sticky',
      lifetime: '2',
      timespan: 3600,
      format: 2,
    });
    expect(builtEndpoint(sticky, connection)).toBe(
      'socks5://pk1_c_us_city_new-york_s_654321_ttl_2h:pw@gw.example:1080',
    );
    expect(builtEndpoint({ ...sticky, format: 1 }, connection)).toBe(
      'pk1_c_us_city_new-york_s_654321_ttl_2h:pw@gw.example:1080',
    );
  });

  it('drops the session of a rotating line and a city without its country', () => {
    expect(builtEndpoint(state({ city: 'miami', sessionId: '1' }), connection)).toBe(
      'gw.example:8080:pk1:pw',
    );
  });

  it('shows no string while the lifetime breaks the generator’s rule', () => {
    const tooLong = state({ session: 'sticky', lifetime: '25', timespan: 3600 });
    expect(25 * 3600).toBeGreaterThan(MAX_SESSION_TTL_SECONDS);
    expect(lifetimeError(tooLong)).toBe(PROXY_LIST_ERROR_KEYS.lifetimeMax);
    expect(builtEndpoint(tooLong, connection)).toBeNull();
    expect(lifetimeError(state({ session: 'sticky', lifetime: '0' }))).toBe(
      PROXY_LIST_ERROR_KEYS.lifetime,
    );
    // A rotating line has no lifetime to judge.
    expect(lifetimeError(state({ lifetime: '0' }))).toBeNull();
  });

  it('offers HTTP only where the package has no SOCKS5 port', () => {
    const httpOnly = { ...connection, port_socks: null };
    expect(builtEndpoint(state({ protocol: 'socks5' }), httpOnly)).toBeNull();
    expect(builtEndpoint(state({ format: 2 }), httpOnly)).toBe('http://pk1:pw@gw.example:8080');
  });

  it('names the URL format after the protocol and makes 6-digit session ids', () => {
    expect(formatOptions('socks5').map((option) => option.label)).toEqual([
      'IP:PORT:USER:PASS',
      'USER:PASS@IP:PORT',
      'socks5://USER:PASS@IP:PORT',
    ]);
    expect(newSessionId(() => 0)).toBe('100000');
    expect(newSessionId(() => 0.999_999_9)).toBe('999999');
  });
});
