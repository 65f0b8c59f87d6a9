import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Language } from '@proxy/contract';
import { renderMail, type MailContent, type MailPurpose } from './templates.ts';

export type MailRequest =
  | { to: string; name: string; language: Language; purpose: MailPurpose; link: string }
  /** A notification mail, rendered by the job worker in the user's language. */
  | {
      to: string;
      name: string;
      language: Language;
      purpose: 'notification';
      /** The cabinet link the mail points to. */
      link: string;
      type: string;
      content: MailContent;
    }
  /** A receipt: its mail, rendered by the job worker, with the receipt's PDF attached. */
  | {
      to: string;
      name: string;
      language: Language;
      purpose: 'receipt';
      link: string;
      content: MailContent;
      attachments: MailAttachment[];
    };

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailLogger = {
  info: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type Mailer = {
  /** Renders and sends; resolves when the transport accepted the message. */
  send: (request: MailRequest) => Promise<void>;
  close: () => void;
};

const safeFilePart = (value: string) => value.replace(/[^\w.@-]+/g, '_');

/**
 * The SMTP URL with nodemailer's pool switched on: up to `maxConnections` open connections,
 * each sending many messages, instead of a connection (and handshake) per mail. nodemailer
 * reads options only from the URL when given one, so they go into its query.
 */
const pooledUrl = (smtpUrl: string, maxConnections: number) => {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  url.searchParams.set('maxConnections', String(maxConnections));
  return url.toString();
};

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an RFC 822 .eml file
 * under DATA_DIR/mail (open it in any mail client) and the link is logged, so local
 * runs and e2e need no mail server.
 */
export const createMailer = (options: {
  smtpUrl?: string | undefined;
  /** Size of the SMTP connection pool (SMTP_MAX_CONNECTIONS). */
  maxConnections?: number;
  from: string;
  dataDir: string;
  logger: MailLogger;
}): Mailer => {
  const { logger } = options;
  const smtp: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(pooledUrl(options.smtpUrl, options.maxConnections ?? 5))
    : null;
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const mailDir = path.join(options.dataDir, 'mail');
  // Made on the first mail, not checked before each one.
  let mailDirMade: Promise<unknown> | null = null;

  const send = async (request: MailRequest) => {
    const content =
      request.purpose === 'notification' || request.purpose === 'receipt'
        ? request.content
        : renderMail(request.purpose, request.language, { name: request.name, link: request.link });
    const message = {
      from: options.from,
      to: request.to,
      ...content,
      ...(request.purpose === 'receipt' ? { attachments: request.attachments } : {}),
    };
    if (smtp) {
      await smtp.sendMail(message);
      logger.info({ to: request.to, purpose: request.purpose }, 'mail sent over SMTP');
      return;
    }
    const info = (await stream.sendMail(message)) as { message: Buffer };
    mailDirMade ??= mkdir(mailDir, { recursive: true }).catch((error: unknown) => {
      mailDirMade = null;
      throw error;
    });
    await mailDirMade;
    const stamp = new Date().toISOString().replace(/:/g, '-');
    const file = path.join(mailDir, `${stamp}-${safeFilePart(request.to)}-${request.purpose}.eml`);
    await writeFile(file, info.message).catch((error: unknown) => {
      // The folder was removed since: made again on the job's retry.
      if ((error as { code?: unknown }).code === 'ENOENT') mailDirMade = null;
      throw error;
    });
    logger.info(
      { to: request.to, purpose: request.purpose, link: request.link, file },
      'mail written to file',
    );
  };

  return {
    send,
    close: () => {
      smtp?.close();
    },
  };
};
