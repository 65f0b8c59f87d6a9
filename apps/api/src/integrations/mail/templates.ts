import type { Language } from '@proxy/contract';

export type MailPurpose = 'verify-email' | 'reset-password';

export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const TEXTS = {
  'verify-email': {
    en: {
      subject: 'Confirm your e-mail address',
      greeting: 'Hello, {name}!',
      body: 'Please confirm your e-mail address by opening the link below. The link is valid for 24 hours.',
      action: 'Confirm e-mail',
      ignore: 'If you did not create an account, ignore this message.',
    },
    ru: {
      subject: 'Подтвердите адрес e-mail',
      greeting: 'Здравствуйте, {name}!',
      body: 'Подтвердите адрес e-mail, открыв ссылку ниже. Ссылка действует 24 часа.',
      action: 'Подтвердить e-mail',
      ignore: 'Если вы не создавали аккаунт, просто проигнорируйте это письмо.',
    },
  },
  'reset-password': {
    en: {
      subject: 'Reset your password',
      greeting: 'Hello, {name}!',
      body: 'We received a request to reset your password. Open the link below to choose a new one. The link is valid for 60 minutes and works once.',
      action: 'Reset password',
      ignore: 'If you did not ask for this, ignore this message: your password stays the same.',
    },
    ru: {
      subject: 'Сброс пароля',
      greeting: 'Здравствуйте, {name}!',
      body: 'Мы получили запрос на сброс пароля. Откройте ссылку ниже, чтобы задать новый. Ссылка действует 60 минут и только один раз.',
      action: 'Сбросить пароль',
      ignore: 'Если вы не запрашивали сброс, проигнорируйте это письмо: пароль останется прежним.',
    },
  },
} as const satisfies Record<MailPurpose, Record<Language, Record<string, string>>>;

/** Subject, plain text and simple HTML of a transactional mail in the user's language. */
export const renderMail = (
  purpose: MailPurpose,
  language: Language,
  vars: { name: string; link: string },
): MailContent => {
  const texts = TEXTS[purpose][language];
  const greeting = texts.greeting.replace('{name}', vars.name);
  const text = [greeting, '', texts.body, '', vars.link, '', texts.ignore].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(texts.body)}</p>
<p><a href="${escapeHtml(vars.link)}">${escapeHtml(texts.action)}</a></p>
<p style="color:#666">${escapeHtml(texts.ignore)}</p>
</body></html>`;
  return { subject: texts.subject, text, html };
};
