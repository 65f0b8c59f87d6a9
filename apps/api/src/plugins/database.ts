import fp from 'fastify-plugin';
import type { AppDeps } from '../app-deps.ts';
import type { DbRoot } from '@proxy/db';
import type { Config } from '../config/env.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { Translator } from '../i18n/translator.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    db: DbRoot;
    config: Config;
    mailer: Mailer;
    translator: Translator;
  }
}

/**
 * Decorates the app with its dependencies. The pool is created and ended by the
 * process (server.ts, tests), so the app can be built many times over one pool.
 */
export const databasePlugin = fp<AppDeps>(
  (app, deps, done) => {
    app.decorate('db', deps.db);
    app.decorate('config', deps.config);
    app.decorate('mailer', deps.mailer);
    app.decorate('translator', deps.translator);
    done();
  },
  { name: 'database' },
);
