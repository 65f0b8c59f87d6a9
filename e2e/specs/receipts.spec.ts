import type { Download, Locator, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { test, expect, expectNoSeriousA11yViolations, logIn, newUser, PHONE } from '../fixtures.ts';

/** The text of a downloaded PDF, read back with pdf-parse. */
const pdfText = async (download: Download) => {
  const bytes = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]);
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

const RECEIPT_FILE = /^receipt-(R-\d{4}-\d{6})\.pdf$/;

/** Clicks the receipt button and answers the receipt's number (from the file name) and text. */
const downloadReceipt = async (page: Page, button: Locator) => {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const number = RECEIPT_FILE.exec(download.suggestedFilename())?.[1];
  expect(number, download.suggestedFilename()).toBeDefined();
  return { number: number ?? '', text: await pdfText(download) };
};

test.describe('receipts', () => {
  test('a top-up gets a receipt: made out to the billing name, downloaded from the payments table, on a phone too', async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    const user = await api.registerVerified(newUser());
    await logIn(page, user);

    // A $25 top-up through the sandbox checkout.
    await page.goto('/cabinet/top-up?amount=25');
    await expect(page.getByLabel('Amount, $')).toHaveValue('25');
    await page.getByRole('radio', { name: /^Visa \/ Mastercard/ }).check();
    await page.getByRole('button', { name: 'Top up' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

    // The billing details, set after the payment, are what its receipt prints.
    await page.goto('/cabinet/profile');
    const billing = page.getByRole('region', { name: 'Billing details' });
    await billing.getByLabel('Receipts made out to').fill('Receipt Buyer Ltd');
    await billing.getByLabel('Billing address').fill('7 Quay Street, Galway, Ireland');
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/profile',
      ),
      billing.getByRole('button', { name: 'Save billing details' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await page.reload();
    await expect(billing.getByLabel('Receipts made out to')).toHaveValue('Receipt Buyer Ltd');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/cabinet/transactions');
    const payments = page.getByRole('table', { name: 'Payments' });
    const receiptButton = payments.getByRole('button', {
      name: /^Download receipt of the payment of /,
    });
    await expect(receiptButton).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    const receipt = await downloadReceipt(page, receiptButton);
    for (const expected of [
      `Receipt ${receipt.number}`,
      'Receipt Buyer Ltd',
      '7 Quay Street, Galway, Ireland',
      '$25.00',
      'Visa / Mastercard',
    ])
      expect(receipt.text, expected).toContain(expected);

    // On a 390 px phone the button is on screen once scrolled to, inside the page's width, and
    // downloads the same receipt.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(receiptButton).toBeVisible();
    await receiptButton.scrollIntoViewIfNeeded();
    await expect(receiptButton).toBeInViewport({ ratio: 1 });
    const box = await receiptButton.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    const again = await downloadReceipt(page, receiptButton);
    expect(again.number).toBe(receipt.number);
    expect(again.text).toContain('Receipt Buyer Ltd');
  });
});
