import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import enTopUp from '../../../../public/locales/en/top-up.json';
import enTransactions from '../../../../public/locales/en/transactions.json';
import ruProfile from '../../../../public/locales/ru/profile.json';
import ruTopUp from '../../../../public/locales/ru/top-up.json';
import ruTransactions from '../../../../public/locales/ru/transactions.json';
import { renderWithProviders } from '../../../test/render';
import { PaymentsTable } from './payments-table';

const row = (id: string, status: 0 | 1 | 2 | 3) => ({
  id,
  created_at: '2026-11-28T10:30:00.000Z',
  status,
  merchant: 5,
  merchant_id: 5,
  system_name: 'Visa / Mastercard',
  network: null,
  amount: 25,
  currency: 'USD',
  // Only a successful payment has a receipt.
  receipt_id: status === 1 ? `receipt-of-${id}` : null,
});

/** The payments list as the API answers it: one payment in each status. */
const stubPayments = () => {
  const page = {
    data: [row('p-waiting', 0), row('p-success', 1), row('p-error', 2), row('p-expired', 3)],
    meta: { total: 4, page: 1, per_page: 10 },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(page), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
};

/** The status column's texts, top to bottom. */
const statuses = async () => {
  const table = await screen.findByRole('table');
  // The amount in the UI language's format: "$25.00", "25,00 $".
  await within(table).findAllByText(/\b25\b/);
  return [...table.querySelectorAll('.status-label')].map((label) => label.textContent);
};
const filterOptions = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeAll(() => {
  i18next.addResourceBundle('en', 'transactions', enTransactions);
  i18next.addResourceBundle('en', 'top-up', enTopUp);
  i18next.addResourceBundle('ru', 'transactions', ruTransactions);
  i18next.addResourceBundle('ru', 'top-up', ruTopUp);
  i18next.addResourceBundle('ru', 'profile', ruProfile);
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => i18next.changeLanguage('en'));

describe('PaymentsTable', () => {
  it('names every payment status, an expired one too, in the table and the filter (en)', async () => {
    await i18next.changeLanguage('en');
    stubPayments();
    renderWithProviders(<PaymentsTable />);
    expect(await statuses()).toEqual(['Waiting', 'Success', 'Error', 'Expired']);
    expect(filterOptions('Status')).toEqual(['All', 'Success', 'Waiting', 'Error', 'Expired']);
  });

  it('offers the receipt download on the successful payment only', async () => {
    await i18next.changeLanguage('en');
    stubPayments();
    renderWithProviders(<PaymentsTable />);
    await statuses();
    const buttons = screen.getAllByRole('button', { name: /^Download receipt of the payment/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.closest('tr')?.textContent).toContain('Success');
  });

  it('names every payment status in Russian', async () => {
    await i18next.changeLanguage('ru');
    stubPayments();
    renderWithProviders(<PaymentsTable />);
    expect(await statuses()).toEqual(['Ожидание', 'Успешно', 'Ошибка', 'Срок истёк']);
    expect(filterOptions('Статус')).toEqual(['Все', 'Успешно', 'Ожидание', 'Ошибка', 'Срок истёк']);
  });
});
