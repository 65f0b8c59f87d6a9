import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { WEB_RENDERER_DIR, WEB_RENDERER_FILE, type ProfileResponse } from '@proxy/contract';
import type { DbRoot } from '@proxy/db';
import { sha256Hex } from '../lib/crypto.ts';
import { findSessionByTokenHash } from '../modules/auth/auth.repository.ts';
import { getProfile } from '../modules/profile/profile.service.ts';

/** What the web build's Node bundle offers the server (apps/web/src/app/prerender.tsx). */
type Renderer = {
  readTranslations: (localesDir: string) => Promise<unknown>;
  isDrawnOnRequest: (html: string) => boolean;
  drawSignedInDocument: (drawing: {
    template: string;
    url: string;
    language: string;
    translations: unknown;
    token: string;
    profile: ProfileResponse;
  }) => Promise<string | undefined>;
};

export type SignedInScreens = {
  /** Whether the document served for `pathname` is drawn for a signed-in visitor. */
  draws: (pathname: string) => boolean;
  /**
   * The document of `pathname` drawn with the profile of the session `token` opens, in
   * `language`; `undefined` when the token opens no session or the drawing fails (the plain
   * document then serves, and the browser draws the screen itself).
   */
  draw: (
    pathname: string,
    url: string,
    token: string,
    language: string,
  ) => Promise<string | undefined>;
};

const NONE: SignedInScreens = { draws: () => false, draw: () => Promise.resolve(undefined) };

/** The shape a session token has (plugins/auth.ts reads the same from the bearer header). */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The signed-in screens the server draws on request: the documents of `screens` (URL path ->
 * file under `distDir`) that the build marked so, drawn by the renderer built beside `distDir`.
 * Without that renderer (an older build, an API-only run), nothing is drawn.
 */
export const loadSignedInScreens = async (options: {
  distDir: string;
  screens: Map<string, string>;
  db: DbRoot;
  dataKey: Buffer;
  log: FastifyBaseLogger;
}): Promise<SignedInScreens> => {
  const { distDir, db, dataKey, log } = options;
  const rendererFile = path.join(path.dirname(distDir), WEB_RENDERER_DIR, WEB_RENDERER_FILE);
  if (!existsSync(rendererFile)) return NONE;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as Renderer;
  const templates = new Map<string, string>();
  for (const [pathname, file] of options.screens) {
    const html = await readFile(path.join(distDir, file), 'utf8');
    if (renderer.isDrawnOnRequest(html)) templates.set(pathname, html);
  }
  if (templates.size === 0) return NONE;
  const translations = await renderer.readTranslations(path.join(distDir, 'locales'));

  return {
    draws: (pathname) => templates.has(pathname),
    draw: async (pathname, url, token, language) => {
      const template = templates.get(pathname);
      if (!template || !TOKEN.test(token)) return undefined;
      try {
        const session = await findSessionByTokenHash(db, sha256Hex(token));
        if (!session) return undefined;
        return await renderer.drawSignedInDocument({
          template,
          url,
          language,
          translations,
          token,
          profile: getProfile(session.user, dataKey),
        });
      } catch (error) {
        // The database away or a drawing that throws: the plain document still serves.
        log.warn({ err: error, pathname }, 'signed-in screen not drawn');
        return undefined;
      }
    },
  };
};
