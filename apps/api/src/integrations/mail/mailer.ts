import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Language } from '@proxy/contract';
import { renderMail, type MailContent, type MailPurpose } from './templates.ts';

export type MailRequest =
  | { to: string; name: string; language: Language; purpose: MailPurpose; link: string }
  /** A notification mail (issue 3), rendered by the job worker in the user's language. */
  | {
      to: string;
      name: string;
      language: Language;
      purpose: 'notification';
      /** The cabinet link the mail points to. */
      link: string;
      type: string;
      content: MailContent;
    };

export type MailLogger = {
  info: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type Mailer = {
  /** Renders and sends; resolves when the transport accepted the message. */
  send: (request: MailRequest) => Promise<void>;
  /** Fire-and-forget for request handlers: a mail failure is logged, never thrown. */
  deliver: (request: MailRequest) => void;
  close: () => void;
};

const safeFilePart = (value: string) => value.replace(/[^\w.@-]+/g, '_');

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an RFC 822 .eml file
 * under DATA_DIR/mail (open it in any mail client) and the link is logged, so local
 * runs and e2e need no mail server.
 */
export const createMailer = (options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: MailLogger;
}): Mailer => {
  const { logger } = options;
  const smtp: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const mailDir = path.join(options.dataDir, 'mail');

  const send = async (request: MailRequest) => {
    const content =
      request.purpose === 'notification'
        ? request.content
        : renderMail(request.purpose, request.language, { name: request.name, link: request.link });
    const message = { from: options.from, to: request.to, ...content };
    if (smtp) {
      await smtp.sendMail(message);
      logger.info({ to: request.to, purpose: request.purpose }, 'mail sent over SMTP');
      return;
    }
    const info = (await stream.sendMail(message)) as { message: Buffer };
    await mkdir(mailDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/:/g, '-');
    const file = path.join(mailDir, `${stamp}-${safeFilePart(request.to)}-${request.purpose}.eml`);
    await writeFile(file, info.message);
    logger.info(
      { to: request.to, purpose: request.purpose, link: request.link, file },
      'mail written to file',
    );
  };

  return {
    send,
    deliver: (request) => {
      send(request).catch((error: unknown) => {
        logger.error(
          { err: error, to: request.to, purpose: request.purpose },
          'mail delivery failed',
        );
      });
    },
    close: () => {
      smtp?.close();
    },
  };
};
