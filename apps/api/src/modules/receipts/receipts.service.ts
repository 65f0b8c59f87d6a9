import type { Transaction } from 'kysely';
import { receiptFileName, type Language } from '@proxy/contract';
import type { Database, Db } from '@proxy/db';
import type { Config } from '../../config/env.ts';
import type { Translator } from '../../i18n/translator.ts';
import type { MailRequest } from '../../integrations/mail/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { enqueueMail } from '../jobs/jobs.queue.ts';
import { formatReceiptAmount, renderReceiptPdf, type ReceiptSeller } from './receipt-pdf.ts';
import {
  findOwnReceipt,
  findReceiptOfPayment,
  insertReceipt,
  type ReceiptPayment,
  type ReceiptWithBuyer,
} from './receipts.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The receipt of a payment that this transaction credits, and the mail that sends it: both
 * commit with the credit or not at all. The mail job is queued first, so the numbering row
 * (insertReceipt) is locked only from the transaction's last statement to its commit.
 */
export const issueReceipt = async (tx: Transaction<Database>, payment: ReceiptPayment) => {
  await enqueueMail(tx, { kind: 'receipt', paymentId: payment.id });
  return insertReceipt(tx, payment);
};

export const sellerOf = (config: Config): ReceiptSeller => ({
  name: config.RECEIPT_COMPANY_NAME,
  address: config.RECEIPT_COMPANY_ADDRESS,
  taxId: config.RECEIPT_COMPANY_TAX_ID,
});

export type ReceiptTexts = { translator: Translator; language: Language };

/**
 * The receipt's PDF. The buyer is printed as the profile says now (its billing name, else the
 * account's name, and the billing address), so details filled in after a payment reach its
 * receipt; what was paid, when and its number never change.
 */
const receiptPdf = (receipt: ReceiptWithBuyer, seller: ReceiptSeller, texts: ReceiptTexts) =>
  renderReceiptPdf(
    {
      number: receipt.number,
      issuedAt: receipt.issued_at,
      paymentId: receipt.payment_id,
      amountCents: receipt.amount_cents,
      currency: receipt.currency,
      provider: receipt.provider,
      systemName: receipt.system_name,
      buyer: {
        name: receipt.billing_name ?? receipt.name,
        email: receipt.email,
        address: receipt.billing_address,
      },
    },
    seller,
    texts,
  );

/** The owner's receipt as a file; another user's id, or one that is no id, is 404. */
export const downloadReceipt = async (
  db: Db,
  userId: number,
  id: string,
  seller: ReceiptSeller,
  texts: ReceiptTexts,
) => {
  const receipt = UUID.test(id) ? await findOwnReceipt(db, userId, id) : undefined;
  if (!receipt) throw new AppError('NOT_FOUND');
  return {
    fileName: receiptFileName(receipt.number),
    bytes: await receiptPdf(receipt, seller, texts),
  };
};

/**
 * The receipt mail of a payment, in the customer's language, the PDF attached; null when there
 * is nothing to send (the user or the receipt is gone).
 */
export const buildReceiptMail = async (
  db: Db,
  paymentId: string,
  context: { seller: ReceiptSeller; translator: Translator; appUrl: string },
): Promise<MailRequest | null> => {
  const receipt = await findReceiptOfPayment(db, paymentId);
  if (!receipt) return null;
  const language = receipt.locale;
  const t = (key: string, params?: Record<string, string>) =>
    context.translator.t(language, `transactions:receipt.mail.${key}`, params);
  const params = {
    name: receipt.name,
    number: receipt.number,
    amount: formatReceiptAmount(receipt.amount_cents, receipt.currency, language),
  };
  const link = `${context.appUrl}/cabinet/transactions`;
  const greeting = t('greeting', params);
  const body = t('body', params);
  const open = t('open');
  const bytes = await receiptPdf(receipt, context.seller, {
    translator: context.translator,
    language,
  });
  return {
    to: receipt.email,
    name: receipt.name,
    language,
    purpose: 'receipt',
    link,
    content: {
      subject: t('subject', params),
      text: [greeting, '', body, '', link].join('\n'),
      html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>
</body></html>`,
    },
    attachments: [
      { filename: receiptFileName(receipt.number), content: bytes, contentType: 'application/pdf' },
    ],
  };
};
