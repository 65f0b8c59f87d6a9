import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'locales', 'en'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>cabinet</title>');
  // The build's document for the signed-in screens: same app, its own preloads.
  writeFileSync(
    path.join(dist, 'cabinet.html'),
    '<!doctype html><title>cabinet</title><link rel="modulepreload" href="/assets/cabinet.js">',
  );
  // A screen's own document (apps/web/src/app/screen-documents.ts): the frame's preloads and the
  // screen's.
  mkdirSync(path.join(dist, 'screens', 'cabinet', 'buy'), { recursive: true });
  writeFileSync(
    path.join(dist, 'screens', 'cabinet', 'profile.html'),
    '<!doctype html><title>cabinet</title><link rel="modulepreload" href="/assets/profile.js">',
  );
  writeFileSync(
    path.join(dist, 'screens', 'cabinet', 'buy', 'select-type.html'),
    '<!doctype html><title>cabinet</title><link rel="modulepreload" href="/assets/buy.js">',
  );
  // A guest screen drawn at build time in each language.
  for (const language of ['en', 'ru'])
    writeFileSync(
      path.join(dist, 'screens', `login.${language}.html`),
      `<!doctype html><title>cabinet</title><div id="root" data-prerendered="${language}"></div>`,
    );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'locales', 'en', 'base.json'), '{"from":"dist"}');
  // The web build writes .br and .gz beside each translation file (vite.config.ts, precompress).
  writeFileSync(path.join(dist, 'locales', 'en', 'auth.json'), '{"from":"dist, plain"}');
  writeFileSync(
    path.join(dist, 'locales', 'en', 'auth.json.br'),
    brotliCompressSync('{"from":"dist, br"}'),
  );
  writeFileSync(
    path.join(dist, 'locales', 'en', 'auth.json.gz'),
    gzipSync('{"from":"dist, gzip"}'),
  );
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

  it("a screen's document is sent at its path, the cabinet document elsewhere under /cabinet, index.html outside", async () => {
    const documentOf = async (url: string) => {
      const response = await ctx.api.request('GET', url, { headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const preloaded = /href="\/assets\/(\w+)\.js"/.exec(response.body)?.[1];
      return preloaded ? `${preloaded}.html` : 'index.html';
    };
    for (const url of ['/cabinet', '/cabinet/', '/cabinet/buy/isp?x=1', '/cabinet/profile/x'])
      expect(await documentOf(url), url).toBe('cabinet.html');
    for (const url of ['/cabinet/profile', '/cabinet/profile/', '/cabinet/profile?tab=1'])
      expect(await documentOf(url), url).toBe('profile.html');
    expect(await documentOf('/cabinet/buy/select-type')).toBe('buy.html');
    for (const url of ['/', '/cabinets', '/statistics/a/b', '/ru/login'])
      expect(await documentOf(url), url).toBe('index.html');
  });

  it("a guest gets the screen drawn in the language cookie's language; a session gets the plain document", async () => {
    const drawnIn = async (url: string, cookie?: string) => {
      const response = await ctx.api.request('GET', url, {
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.vary, url).toMatch(/cookie/i);
      return /data-prerendered="(\w+)"/.exec(response.body)?.[1] ?? 'plain';
    };
    expect(await drawnIn('/login')).toBe('en');
    expect(await drawnIn('/login/?redirect=%2Fcabinet')).toBe('en');
    expect(await drawnIn('/login', 'i18next=ru')).toBe('ru');
    expect(await drawnIn('/login', 'i18next=ru-RU')).toBe('ru');
    expect(await drawnIn('/login', 'i18next=de')).toBe('en');
    expect(await drawnIn('/login', 'i18next=ru; ACCESS_TOKEN=abc')).toBe('plain');
    expect(await drawnIn('/register', 'i18next=ru')).toBe('plain');
  });

  it('fingerprinted assets are cached for a year; a missing asset is 404 JSON', async () => {
    const asset = await ctx.api.request('GET', '/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers.vary).toContain('accept-encoding');
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

  it('locales are sent precompressed to clients that accept it, else plain', async () => {
    const send = (acceptEncoding?: string) =>
      ctx.api.request('GET', '/locales/en/auth.json?v=1', {
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const br = await send('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({
      from: 'dist, br',
    });
    const gzip = await send('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ from: 'dist, gzip' });
    for (const plain of [await send(''), await send()]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual({ from: 'dist, plain' });
    }
    // A file without compressed copies (LOCALES_DIR, no build) is sent as it is.
    const ru = await ctx.api.request('GET', '/locales/ru/base.json', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(ru.headers['content-encoding']).toBeUndefined();
    expect(ru.json<{ errors: object }>().errors).toBeDefined();
  });
});
