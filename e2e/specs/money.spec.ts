import { test, expect, newUser, expectNoSeriousA11yViolations, logIn } from '../fixtures.ts';
import type { Page } from '@playwright/test';

// A valid TRC20 address (base58check).
const ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** The sandbox checkout: the payment id and its signed one-time token. */
const SANDBOX_CHECKOUT = /\/api\/payment\/sandbox\/[0-9a-f-]{36}\?token=\d+\.[\w-]+$/;

const startTopUp = async (page: Page, amount: string) => {
  await page.goto(`/cabinet/top-up?amount=${amount}`);
  await expect(page.getByLabel('Amount, $')).toHaveValue(amount);
  await page.getByRole('radio', { name: /^Visa \/ Mastercard/ }).check();
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page).toHaveURL(SANDBOX_CHECKOUT);
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  // The payment id alone opens nothing: the page needs the token of its link.
  const withoutToken = new URL(page.url());
  withoutToken.search = '';
  expect((await page.request.get(withoutToken.href)).status()).toBe(404);
};

test.describe('money journey', () => {
  test('top up through the sandbox, see it in the tables, earn, transfer and withdraw referral money', async ({
    page,
    api,
    request,
  }) => {
    test.setTimeout(120_000);
    const inviter = await api.registerVerified(newUser());
    const profile = await request.get('/api/profile', {
      headers: { authorization: `Bearer ${inviter.token}` },
    });
    const refLink = ((await profile.json()) as { user: { ref_link: string } }).user.ref_link;
    const invited = await api.registerVerified(newUser(), refLink);

    // The invited user tops up $1500 (prefilled from ?amount=, as the buy flow links).
    await logIn(page, invited);
    await page.goto('/cabinet/top-up');
    await expectNoSeriousA11yViolations(page);
    // Validation with the contract keys: crypto needs a network, bounds per method.
    await page.getByLabel('Amount, $').fill('1');
    await page.getByRole('radio', { name: /^Crypto/ }).check();
    await page.getByRole('button', { name: 'Top up' }).click();
    await expect(page.getByText('The minimum amount for this method is $5')).toBeVisible();
    await expect(page.locator('.field__error', { hasText: 'Choose a network' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await startTopUp(page, '1500');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/cabinet\/payment\?result=success$/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByTestId('payment-balance')).toHaveText('$1,500');
    await expect(page.locator('#main').getByRole('link', { name: 'Buy proxy' })).toHaveAttribute(
      'href',
      '/cabinet/buy',
    );
    await expectNoSeriousA11yViolations(page);

    // A failed payment, then Retry re-submits the cookie data and opens a new checkout.
    await startTopUp(page, '20');
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page).toHaveURL(/\/cabinet\/payment\?result=fail$/);
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.getByTestId('payment-balance')).toHaveText('$1,500');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(SANDBOX_CHECKOUT);
    await expect(page.getByText('$20')).toBeVisible();

    // The payments and the transactions tables.
    await page.goto('/cabinet/transactions');
    const payments = page.getByRole('table', { name: 'Payments' });
    await expect(payments.getByRole('row')).toHaveCount(4);
    await expect(payments.getByText('$1,500')).toBeVisible();
    await expect(payments.getByText('Success')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Status').selectOption('1');
    await expect(payments.getByRole('row')).toHaveCount(2);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions.getByText('Top-up', { exact: true })).toBeVisible();
    await expect(transactions.getByText('$1,500')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The inviter earned 10%: $150 on the referral balance.
    await page.getByRole('button', { name: 'Log out' }).click();
    await logIn(page, inviter);
    await page.goto('/cabinet/referral');
    await expect(page.getByTestId('referral-balance')).toHaveText('$150');
    await expect(page.getByLabel('Your referral link')).toHaveValue(
      new RegExp(`/register\\?ref=${refLink}$`),
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Transfer to balance' }).click();
    const transferDialog = page.getByRole('dialog', { name: 'Transfer to main balance' });
    const amount = transferDialog.getByLabel('Amount, $');
    await expect(amount).toHaveValue('150');
    await expectNoSeriousA11yViolations(page);
    await amount.fill('');
    await amount.pressSequentially('2x0');
    await expect(amount).toHaveValue('20');
    await amount.pressSequentially('0');
    await expect(amount).toHaveValue('20');
    await transferDialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(transferDialog).toBeHidden();
    await expect(page.getByText('The money has been moved to your main balance.')).toBeVisible();
    await expect(page.getByTestId('referral-balance')).toHaveText('$130');

    await page.getByRole('button', { name: 'Withdraw' }).click();
    const withdrawDialog = page.getByRole('dialog', { name: 'Withdraw' });
    await withdrawDialog.getByLabel('Amount, $').fill('100');
    await withdrawDialog.getByLabel('TRC20 wallet address').fill(`${ADDRESS.slice(0, -1)}8`);
    await withdrawDialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(withdrawDialog.getByText('Enter a valid TRC20 wallet address')).toBeVisible();
    await withdrawDialog.getByLabel('TRC20 wallet address').fill(ADDRESS);
    await withdrawDialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(withdrawDialog).toBeHidden();
    await expect(page.getByTestId('referral-balance')).toHaveText('$30');
    await page.getByRole('tab', { name: 'Withdraw history' }).click();
    const history = page.getByRole('table', { name: 'Withdraw history' });
    await expect(history.getByText('Waiting')).toBeVisible();
    await expect(history.getByText('$100')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
