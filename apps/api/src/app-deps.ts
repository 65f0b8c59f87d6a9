import type { Config } from './config/env.ts';
import type { DbRoot } from '@proxy/db';
import type { Translator } from './i18n/translator.ts';
import type { Mailer } from './integrations/mail/mailer.ts';

/** What the process hands to buildApp: the app owns none of these lifecycles. */
export type AppDeps = {
  config: Config;
  db: DbRoot;
  mailer: Mailer;
  translator: Translator;
};
