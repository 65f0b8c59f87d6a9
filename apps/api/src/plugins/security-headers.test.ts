import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  cspDirectives as directives,
  nextAddress,
  type TestContext,
} from '../../test/helpers.ts';

let ctx: TestContext;
let tls: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>cabinet</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ WEB_DIST_DIR: dist }, (app) => {
    app.get('/own-policy', (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send('ok'),
    );
  });
  tls = await createTestApp({ WEB_DIST_DIR: dist, APP_URL: 'https://cabinet.example' });
});
afterAll(async () => {
  await ctx.close();
  await tls.close();
});

const REQUESTS = [
  { method: 'GET', url: '/', headers: { accept: 'text/html' } },
  { method: 'GET', url: '/cabinet/profile', headers: { accept: 'text/html' } },
  { method: 'GET', url: '/assets/app-abc123.js' },
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/profile' },
  { method: 'GET', url: '/api/nothing' },
  { method: 'POST', url: '/api/login', payload: { email: 'x' } },
  { method: 'GET', url: '/locales/en/base.json' },
] as const;

describe('security headers', () => {
  it('every response carries a strict CSP, nosniff, a referrer policy and no framing', async () => {
    for (const request of REQUESTS) {
      const response = await ctx.app.inject(request);
      const label = `${request.method} ${request.url} (${response.statusCode})`;
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src'), label).toEqual(["'self'"]);
      expect(csp.get('script-src'), label).toEqual(["'self'"]);
      expect(csp.get('style-src'), label).toEqual(["'self'"]);
      expect(csp.get('object-src'), label).toEqual(["'none'"]);
      expect(csp.get('base-uri'), label).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
      expect(csp.get('require-trusted-types-for'), label).toEqual(["'script'"]);
      expect(csp.get('trusted-types'), label).toEqual([
        'dompurify',
        'default',
        "'allow-duplicates'",
      ]);
      expect(csp.get('img-src'), label).toEqual(["'self'", 'data:']);
      expect(csp.get('report-uri'), label).toEqual(['/api/csp-report']);
      expect(String(response.headers['content-security-policy']), label).not.toContain('unsafe-');
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      expect(response.headers['x-frame-options'], label).toBe('DENY');
      expect(response.headers['referrer-policy'], label).toBe('same-origin');
      expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin');
      // Plain HTTP: HSTS would be ignored by browsers and lock out a later http:// setup.
      expect(response.headers['strict-transport-security'], label).toBeUndefined();
    }
  });

  it("allows the build's own <style> elements by the hashes it lists, nothing else inline", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>cabinet</title>');
    const hash = "'sha256-5+P1zqcCCd+oMIm92yvfk8YSvF0GVFzyTUZp3RwIgjo='";
    writeFileSync(path.join(dist, 'inline-styles.json'), JSON.stringify({ 'style-src': [hash] }));
    const withStyles = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const response = await withStyles.app.inject({ method: 'GET', url: '/login' });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('style-src')).toEqual(["'self'", hash]);
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-');
    } finally {
      await withStyles.close();
    }
  });

  it('the Google return screen sends no referrer (its URL carries the session token)', async () => {
    const response = await ctx.api.request('GET', '/auth/google/callback?token=secret-token', {
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('HSTS only over TLS: an https APP_URL, or a request that came over https', async () => {
    const overTls = await tls.app.inject({ method: 'GET', url: '/api/health' });
    expect(overTls.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const plain = await ctx.api.request('GET', '/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const forwarded = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forwarded.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await proxied.close();
    }
  });

  it('a route that sets its own policy keeps it (the sandbox checkout page)', async () => {
    const response = await ctx.api.request('GET', '/own-policy');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('POST /api/csp-report', () => {
  const REPORT = {
    'csp-report': {
      'document-uri': 'http://cabinet.test/login',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'inline',
      'original-policy': "default-src 'self'",
    },
  };

  it('accepts report-uri (application/csp-report) and Reporting API bodies with 204', async () => {
    // Counters are shared through PostgreSQL with the other test files (the fuzz test posts here
    // too): requests from an address of their own.
    const remoteAddress = nextAddress();
    const legacy = await ctx.api.request('POST', '/api/csp-report', {
      remoteAddress,
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(REPORT),
    });
    expect(legacy.statusCode).toBe(204);
    expect(legacy.body).toBe('');
    const modern = await ctx.api.request('POST', '/api/csp-report', {
      remoteAddress,
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          url: 'http://cabinet.test/login',
          body: { effectiveDirective: 'script-src-elem', blockedURL: 'inline' },
        },
      ]),
    });
    expect(modern.statusCode).toBe(204);
  });

  it('refuses a body that is not a report with 4xx, never 5xx', async () => {
    const remoteAddress = nextAddress();
    for (const payload of ['not json', '[1,2]', '{"csp-report": 5}', '\u0000']) {
      const response = await ctx.api.request('POST', '/api/csp-report', {
        remoteAddress,
        headers: { 'content-type': 'application/csp-report' },
        payload,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });

  it('is rate-limited per IP', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CSP_REPORT_MAX: '3' });
    // Counters are shared through PostgreSQL by every test app: one address of its own.
    const remoteAddress = nextAddress();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/csp-report',
          headers: { 'content-type': 'application/csp-report' },
          payload: JSON.stringify(REPORT),
          remoteAddress,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 429]);
    } finally {
      await limited.close();
    }
  });
});
