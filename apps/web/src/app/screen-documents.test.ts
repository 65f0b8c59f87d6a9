import { existsSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18N_NAMESPACES } from '@proxy/contract';
import { routes } from './router';
import { CABINET_SCREEN_DOCUMENTS } from './screen-documents';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('cabinet screen documents', () => {
  it.each(CABINET_SCREEN_DOCUMENTS)(
    '$path is a screen of the router, drawn by its module',
    (screen) => {
      const matches = matchRoutes(routes, screen.path) ?? [];
      const leaf = matches.at(-1)?.route;
      expect(leaf, screen.path).toBeDefined();
      // The not-found screen answers every unknown cabinet path.
      expect(leaf?.path, screen.path).not.toBe('*');
      expect(leaf?.index ?? false, `${screen.path} redirects`).toBe(false);
      expect(existsSync(path.join(webRoot, screen.routeModule)), screen.routeModule).toBe(true);
      for (const ns of screen.namespaces) expect(I18N_NAMESPACES).toContain(ns);
    },
  );
});
