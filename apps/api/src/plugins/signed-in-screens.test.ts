import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_RENDERER_DIR, WEB_RENDERER_FILE } from '@proxy/contract';
import {
  createTestApp,
  registerUser,
  type Registered,
  type TestContext,
} from '../../test/helpers.ts';

/** The root the web build leaves in a document the server draws (apps/web/src/app/drawn-document.ts). */
const ON_REQUEST_ROOT = '<div id="root" data-draw="on-request"></div>';

/**
 * The web build's renderer is apps/web/src/app/prerender.tsx (its own tests draw real screens);
 * here a renderer of the same interface writes what it was given, so that the server's part
 * shows: whose profile, which language, which URL, and what happens when drawing fails.
 */
const RENDERER = `
const ROOT = ${JSON.stringify(ON_REQUEST_ROOT)};
export const readTranslations = async (localesDir) => ({ localesDir });
export const isDrawnOnRequest = (html) => html.includes(ROOT);
export const drawSignedInDocument = async ({ template, url, language, translations, token, profile }) => {
  if (url.includes('fail')) throw new Error('drawing failed');
  const drawn = [profile.user.email, language, url, translations.localesDir, token.length].join('|');
  return template.replace(ROOT, '<div id="root" data-prerendered="' + language + '">' + drawn + '</div>');
};
`;

let ctx: TestContext;
let dist: string;
let ann: Registered;
let bob: Registered;
beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'web-'));
  dist = path.join(web, 'dist');
  mkdirSync(path.join(dist, 'screens', 'cabinet'), { recursive: true });
  mkdirSync(path.join(web, WEB_RENDERER_DIR));
  writeFileSync(path.join(web, WEB_RENDERER_DIR, WEB_RENDERER_FILE), RENDERER);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>guest</title>');
  writeFileSync(
    path.join(dist, 'screens', 'cabinet', 'profile.html'),
    `<!doctype html><title>profile</title>${ON_REQUEST_ROOT}`,
  );
  writeFileSync(
    path.join(dist, 'screens', 'cabinet', 'packages.html'),
    '<!doctype html><title>packages</title><div id="root"></div>',
  );
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
  [ann, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
});
afterAll(async () => ctx.close());

const documentOf = (url: string, cookie?: string) =>
  ctx.api.request('GET', url, {
    headers: { accept: 'text/html', ...(cookie === undefined ? {} : { cookie }) },
  });

describe('signed-in screens drawn on request', () => {
  it("draw each visitor's own profile in the language cookie's language, kept by no cache", async () => {
    for (const [user, language] of [
      [ann, 'ru'],
      [bob, 'en'],
    ] as const) {
      const response = await documentOf(
        '/cabinet/profile?tab=1',
        `i18next=${language}; ACCESS_TOKEN=${user.token}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toContain('cookie');
      expect(response.body).toContain(
        `<div id="root" data-prerendered="${language}">${user.email}|${language}|/cabinet/profile?tab=1|${path.join(dist, 'locales')}|${user.token.length}</div>`,
      );
      // The security headers of every document.
      expect(response.headers['content-security-policy']).toBeTruthy();
    }
  });

  it('send the plain document to a visitor without a session, whatever the cookie holds', async () => {
    for (const cookie of [
      undefined,
      'i18next=ru',
      'ACCESS_TOKEN=not-a-session-token-1234567890',
      'ACCESS_TOKEN=<script>',
    ]) {
      const response = await documentOf('/cabinet/profile', cookie);
      expect(response.statusCode, cookie).toBe(200);
      expect(response.headers['cache-control'], cookie).toBe('no-cache');
      expect(response.body, cookie).toBe(`<!doctype html><title>profile</title>${ON_REQUEST_ROOT}`);
    }
  });

  it('send the plain document when drawing fails, and draw no screen the build did not mark', async () => {
    const cookie = `ACCESS_TOKEN=${ann.token}`;
    const failed = await documentOf('/cabinet/profile?fail=1', cookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain(ON_REQUEST_ROOT);
    expect(failed.body).not.toContain(ann.email);

    const packages = await documentOf('/cabinet/packages', cookie);
    expect(packages.statusCode).toBe(200);
    expect(packages.headers['cache-control']).toBe('no-cache');
    expect(packages.body).toBe('<!doctype html><title>packages</title><div id="root"></div>');
  });

  it('a signed-out token draws nothing', async () => {
    const user = await registerUser(ctx.app);
    const logout = await ctx.api.request('POST', '/api/logout', { token: user.token });
    expect(logout.statusCode).toBe(200);
    const response = await documentOf('/cabinet/profile', `ACCESS_TOKEN=${user.token}`);
    expect(response.body).not.toContain(user.email);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
