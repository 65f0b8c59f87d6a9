import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@proxy/contract';
import { contentSecurityPolicy } from '../../plugins/security-headers.ts';
import {
  createTestApp,
  cspDirectives as directives,
  testConfig,
  type TestContext,
} from '../../../test/helpers.ts';

const PLAUSIBLE = {
  ANALYTICS_PROVIDER: 'plausible',
  PLAUSIBLE_API_HOST: 'https://stats.example.net/',
  PLAUSIBLE_DOMAIN: 'cabinet.example.net',
};
const CHATWOOT = {
  LIVE_CHAT_PROVIDER: 'chatwoot',
  CHATWOOT_BASE_URL: 'https://chat.example.net',
  CHATWOOT_WEBSITE_TOKEN: 'abcDEF123',
};
const UNSET = {
  ANALYTICS_PROVIDER: '',
  PLAUSIBLE_API_HOST: '',
  PLAUSIBLE_DOMAIN: '',
  GA4_MEASUREMENT_ID: '',
  LIVE_CHAT_PROVIDER: '',
  CHATWOOT_BASE_URL: '',
  CHATWOOT_WEBSITE_TOKEN: '',
};

let bare: TestContext;
let configured: TestContext;
beforeAll(async () => {
  bare = await createTestApp({ ...UNSET, SUPPORT_CHAT_URL: 'https://t.me/example_help' });
  configured = await createTestApp({ ...UNSET, ...PLAUSIBLE, ...CHATWOOT });
});
afterAll(async () => {
  await bare.close();
  await configured.close();
});

const get = async (ctx: TestContext, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { response, csp: directives(response.headers['content-security-policy']) };
};

describe('GET /api/app/config', () => {
  it('without configuration: the support link and no third party', async () => {
    const { response } = await get(bare, '/api/app/config');
    expect(response.statusCode).toBe(200);
    expect(appConfigSchema.parse(response.json())).toEqual({
      supportMessengerUrl: 'https://t.me/example_help',
      analytics: null,
      liveChat: null,
    });
  });

  it('names the configured services and nothing secret', async () => {
    const { response } = await get(configured, '/api/app/config');
    expect(response.json()).toEqual({
      supportMessengerUrl: 'https://t.me/proxy_support',
      analytics: {
        provider: 'plausible',
        apiHost: 'https://stats.example.net',
        domain: 'cabinet.example.net',
      },
      liveChat: {
        provider: 'chatwoot',
        baseUrl: 'https://chat.example.net',
        websiteToken: 'abcDEF123',
      },
    });
  });
});

describe('the CSP lists third-party origins only as configured', () => {
  it('unconfigured: every fetch directive is our own origin only', async () => {
    for (const url of ['/', '/cabinet/buy', '/api/app/config']) {
      const { response, csp } = await get(bare, url);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:']);
      expect(csp.get('style-src'), url).toEqual(["'self'"]);
      expect(csp.has('frame-src'), url).toBe(false);
      expect(csp.get('trusted-types'), url).toEqual(['dompurify', 'default', "'allow-duplicates'"]);
      expect(String(response.headers['content-security-policy'])).not.toContain('https:');
    }
  });

  it('Plausible and Chatwoot: their origins where each needs them, and no more', async () => {
    const { csp } = await get(configured, '/cabinet/buy');
    // Plausible takes posted events: connect only, no script of theirs.
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://stats.example.net']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://chat.example.net']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://chat.example.net']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://chat.example.net']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('trusted-types')).toEqual([
      'dompurify',
      'default',
      'third-party-scripts',
      "'allow-duplicates'",
    ]);
    // Scripts stay strict: nothing inline, nothing evaluated.
    expect(csp.get('script-src')?.join(' ')).not.toContain('unsafe');
    expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
  });

  it('GA4: Google tag origins, its Trusted Types policy, no frames', () => {
    const csp = directives(
      contentSecurityPolicy(
        testConfig({ ...UNSET, ANALYTICS_PROVIDER: 'ga4', GA4_MEASUREMENT_ID: 'G-AB12CD34' }),
      ),
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(csp.get('trusted-types')).toEqual([
      'dompurify',
      'default',
      'third-party-scripts',
      'goog#html',
      "'allow-duplicates'",
    ]);
  });
});

describe('configuration', () => {
  it('a provider without its settings stops the start with the names missing', () => {
    expect(() => testConfig({ ...UNSET, ANALYTICS_PROVIDER: 'plausible' })).toThrow(
      /PLAUSIBLE_API_HOST: required/,
    );
    expect(() => testConfig({ ...UNSET, ANALYTICS_PROVIDER: 'ga4' })).toThrow(
      /GA4_MEASUREMENT_ID: required/,
    );
    expect(() =>
      testConfig({
        ...UNSET,
        LIVE_CHAT_PROVIDER: 'chatwoot',
        CHATWOOT_BASE_URL: 'https://c.example',
      }),
    ).toThrow(/CHATWOOT_WEBSITE_TOKEN: required/);
    expect(() => testConfig({ ...UNSET, ANALYTICS_PROVIDER: 'matomo' })).toThrow(
      /ANALYTICS_PROVIDER/,
    );
    expect(() => testConfig({ ...UNSET, GA4_MEASUREMENT_ID: 'UA-1234' })).toThrow(
      /GA4_MEASUREMENT_ID/,
    );
  });

  it('Plausible reports the public domain unless told another', () => {
    const config = testConfig({
      ...UNSET,
      ANALYTICS_PROVIDER: 'plausible',
      PLAUSIBLE_API_HOST: 'http://127.0.0.1:8000',
      PUBLIC_DOMAIN: 'cabinet.example.org',
    });
    expect(config.ANALYTICS).toEqual({
      provider: 'plausible',
      apiHost: 'http://127.0.0.1:8000',
      domain: 'cabinet.example.org',
    });
  });
});
