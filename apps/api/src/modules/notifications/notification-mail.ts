import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, formatDateTimeUtc, notificationValue, type Language } from '@proxy/contract';
import type { NotificationLine } from '@proxy/db';
import type { MailContent } from '../../integrations/mail/templates.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

type Tree = { [key: string]: string | Tree };

const MAIL_TEXTS = {
  en: {
    greeting: 'Hello, {name}!',
    open: 'Open the cabinet',
    footer: 'You receive this message because of your account settings at {app}.',
  },
  ru: {
    greeting: 'Здравствуйте, {name}!',
    open: 'Открыть кабинет',
    footer: 'Вы получили это письмо согласно настройкам уведомлений аккаунта на {app}.',
  },
} as const satisfies Record<Language, Record<string, string>>;

const lookup = (tree: Tree, key: string): string | null => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
};

export type NotificationMailRenderer = (
  language: Language,
  vars: { name: string; type: string; data: NotificationLine[]; appUrl: string },
) => MailContent;

/**
 * The title and lines of a notification in the SPA's own texts
 * (public/locales/<lng>/notifications.json): the type is the title (falling back to English,
 * then to the raw type), labels go through `labels.*`, dates are written with the cabinet's
 * format in UTC (the reader's time zone is unknown here; decision 156). Read once per renderer.
 */
const createNotificationTexts = (localesDir: string) => {
  const trees = new Map<Language, Tree>();
  for (const language of LANGUAGES) {
    const file = path.join(localesDir, language, 'notifications.json');
    trees.set(language, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : {});
  }
  const t = (language: Language, key: string) =>
    lookup(trees.get(language) ?? {}, key) ?? lookup(trees.get('en') ?? {}, key);
  return (language: Language, type: string, data: NotificationLine[]) => ({
    title: t(language, type) ?? type,
    lines: data.map(
      (line) =>
        `${t(language, `labels.${line.label}`) ?? line.label}: ${notificationValue(line, (iso) =>
          formatDateTimeUtc(iso, language),
        )}`,
    ),
  });
};

/** A notification as a Telegram message: plain text, the title, its lines and the cabinet link. */
export const createNotificationMessageRenderer = (localesDir: string) => {
  const texts = createNotificationTexts(localesDir);
  return (language: Language, vars: { type: string; data: NotificationLine[]; appUrl: string }) => {
    const { title, lines } = texts(language, vars.type, vars.data);
    return [title, ...lines, '', `${vars.appUrl}/cabinet`].join('\n');
  };
};

/** Renders a notification mail with the SPA's own texts (createNotificationTexts). */
export const createNotificationMailRenderer = (localesDir: string): NotificationMailRenderer => {
  const notificationTexts = createNotificationTexts(localesDir);
  return (language, { name, type, data, appUrl }) => {
    const texts = MAIL_TEXTS[language];
    const { title, lines } = notificationTexts(language, type, data);
    const greeting = texts.greeting.replace('{name}', name);
    const footer = texts.footer.replace('{app}', appUrl);
    const link = `${appUrl}/cabinet`;
    const text = [greeting, '', title, ...lines, '', link, '', footer].join('\n');
    const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(title)}</strong></p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(texts.open)}</a></p>
<p style="color:#666">${escapeHtml(footer)}</p>
</body></html>`;
    return { subject: title, text, html };
  };
};
