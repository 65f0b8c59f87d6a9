import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDateTimeUtc, toDollars, type Language } from '@proxy/contract';
import type { Translator } from '../../i18n/translator.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans, as the exports' PDFs use: the built-in PDF fonts have no Cyrillic. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 56;
/** Where the values of the details table start, right of their labels. */
const VALUE_X = MARGIN + 170;

/** The operator as configured (RECEIPT_COMPANY_*). */
export type ReceiptSeller = {
  name: string;
  address: string | undefined;
  taxId: string | undefined;
};

export type ReceiptDocument = {
  number: string;
  issuedAt: Date;
  paymentId: string;
  amountCents: number;
  currency: string;
  provider: string;
  systemName: string;
  buyer: { name: string; email: string; address: string | null };
};

const PROVIDER_NAMES: Record<string, string> = {
  sandbox: 'Sandbox',
  stripe: 'Stripe',
  nowpayments: 'NOWPayments',
};

const NUMBER_LOCALES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

/**
 * The amount as the reader's language writes money, always with its cents (a receipt states
 * the exact sum): "$12.50", "12,50 $". The currency code is printed on a line of its own.
 */
export const formatReceiptAmount = (cents: number, currency: string, language: Language) =>
  new Intl.NumberFormat(NUMBER_LOCALES[language], {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(toDollars(cents));

/** The receipt as a one-page A4 PDF in `language`; resolves with the file's bytes. */
export const renderReceiptPdf = (
  receipt: ReceiptDocument,
  seller: ReceiptSeller,
  texts: { translator: Translator; language: Language },
): Promise<Buffer> => {
  const { translator, language } = texts;
  const t = (key: string, params?: Record<string, string>) =>
    translator.t(language, `transactions:receipt.pdf.${key}`, params);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: t('title', { number: receipt.number }), Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc
    .font(BOLD_FONT)
    .fontSize(20)
    .text(t('title', { number: receipt.number }), MARGIN, MARGIN);
  doc.moveDown(1.5);

  const block = (heading: string, lines: readonly string[]) => {
    doc.font(BOLD_FONT).fontSize(11).text(heading, MARGIN, doc.y, { width });
    doc.font(FONT).fontSize(10);
    for (const line of lines) doc.text(line, MARGIN, doc.y, { width });
    doc.moveDown(1);
  };
  block(t('seller'), [
    seller.name,
    ...(seller.address ? seller.address.split('\n') : []),
    ...(seller.taxId ? [t('tax_id', { taxId: seller.taxId })] : []),
  ]);
  block(t('buyer'), [
    receipt.buyer.name,
    ...(receipt.buyer.address ? receipt.buyer.address.split(/\r?\n/) : []),
    receipt.buyer.email,
  ]);

  doc.moveDown(0.5);
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font(FONT)
      .fontSize(10)
      .text(label, MARGIN, y, { width: VALUE_X - MARGIN - 8 });
    const labelBottom = doc.y;
    doc.font(bold ? BOLD_FONT : FONT).text(value, VALUE_X, y, { width: MARGIN + width - VALUE_X });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  };
  row(t('number'), receipt.number);
  row(t('date'), formatDateTimeUtc(receipt.issuedAt.toISOString(), language));
  row(t('description'), t('description_value'));
  row(t('method'), receipt.systemName);
  row(t('provider'), PROVIDER_NAMES[receipt.provider] ?? receipt.provider);
  row(t('payment_id'), receipt.paymentId);
  row(t('currency'), receipt.currency);
  row(t('amount'), formatReceiptAmount(receipt.amountCents, receipt.currency, language), true);

  doc.moveDown(2);
  doc.font(FONT).fontSize(9).fillColor('#555555').text(t('footer'), MARGIN, doc.y, { width });
  doc.end();
  return done;
};
