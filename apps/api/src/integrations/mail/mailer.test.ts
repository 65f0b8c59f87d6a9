import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailLogger } from './mailer.ts';
import { startSmtpStandIn, type ReceivedMail } from '../../../test/smtp-stand-in.ts';

/** Undoes quoted-printable soft breaks and escapes so links can be compared. */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The decoded text of every base64 body part. */
const decodeBase64Parts = (raw: string) =>
  [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((match) => Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');

const logs: { level: string; object: object; message: string }[] = [];
const logger: MailLogger = {
  info: (object, message) => logs.push({ level: 'info', object, message }),
  error: (object, message) => logs.push({ level: 'error', object, message }),
};

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let port = 0;
let received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  port = smtp.port;
  received = smtp.received;
});

afterAll(() => smtp.close());

describe('mailer', () => {
  it('sends over SMTP to a real server port, in the user language', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Cabinet <no-reply@proxy.local>',
      dataDir: tmpdir(),
      logger,
    });
    await mailer.send({
      to: 'ivan@example.test',
      name: 'Иван',
      language: 'ru',
      purpose: 'reset-password',
      link: 'http://cabinet.test/update-password?token=abc&email=ivan%40example.test',
    });
    mailer.close();
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.from).toBe('no-reply@proxy.local');
    expect(mail?.to).toEqual(['ivan@example.test']);
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail?.raw).toContain('multipart/alternative');
    const body = decodeBase64Parts(mail?.raw ?? '');
    expect(body).toContain('Здравствуйте, Иван!');
    expect(body).toContain(
      'http://cabinet.test/update-password?token=abc&email=ivan%40example.test',
    );
    expect(body).toContain(
      'href="http://cabinet.test/update-password?token=abc&amp;email=ivan%40example.test"',
    );
    expect(mail?.raw).toContain(
      `Subject: =?UTF-8?B?${Buffer.from('Сброс пароля').toString('base64')}?=`,
    );
  });

  it('without SMTP writes an .eml file under DATA_DIR/mail and logs the link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    const mailer = createMailer({ from: 'Cabinet <no-reply@proxy.local>', dataDir, logger });
    const link = 'http://cabinet.test/api/email/verify/confirm?token=1.2.sig';
    await mailer.send({
      to: 'ann@example.test',
      name: 'Ann',
      language: 'en',
      purpose: 'verify-email',
      link,
    });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z-ann@example\.test-verify-email\.eml$/,
    );
    const eml = readFileSync(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    expect(eml).toContain('Subject: Confirm your e-mail address');
    expect(eml).toContain('To: ann@example.test');
    expect(decodeQp(eml)).toContain(link);
    expect(
      logs.some((l) => l.level === 'info' && (l.object as { link?: string }).link === link),
    ).toBe(true);
  });
});
