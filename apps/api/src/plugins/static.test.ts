import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'locales', 'en'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>cabinet</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'locales', 'en', 'base.json'), '{"from":"dist"}');
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => ctx.close());

describe('static web app', () => {
  it('serves index.html at / and as the SPA fallback for html GETs outside /api', async () => {
    for (const url of ['/', '/cabinet/profile', '/ru/login?x=1']) {
      const response = await ctx.api.request('GET', url, { headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>cabinet</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('fingerprinted assets are cached for a year; a missing asset is 404 JSON', async () => {
    const asset = await ctx.api.request('GET', '/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await ctx.api.request('GET', '/assets/missing.js', {
      headers: { accept: 'application/javascript' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('/api stays JSON: unknown api GETs with accept html are still 404 JSON', async () => {
    const response = await ctx.api.request('GET', '/api/nothing', {
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
  });

  it('locales come from the build first, then LOCALES_DIR', async () => {
    expect((await ctx.api.request('GET', '/locales/en/base.json')).json()).toEqual({
      from: 'dist',
    });
    const ru = await ctx.api.request('GET', '/locales/ru/base.json');
    expect(ru.statusCode).toBe(200);
    expect(ru.json<{ errors: object }>().errors).toBeDefined();
  });
});
