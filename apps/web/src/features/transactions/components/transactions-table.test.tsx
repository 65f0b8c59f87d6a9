import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../../public/locales/en/transactions.json';
import ru from '../../../../public/locales/ru/transactions.json';
import { transactionTypeLabel } from './transactions-table';

beforeAll(() => {
  i18next.addResourceBundle('en', 'transactions', en);
  i18next.addResourceBundle('ru', 'transactions', ru);
});
afterAll(() => i18next.changeLanguage('en'));

describe('transactionTypeLabel', () => {
  it('names a package entry by its action and family in English', async () => {
    await i18next.changeLanguage('en');
    expect(transactionTypeLabel('buy_isp')).toBe('Purchase: ISP proxies');
    expect(transactionTypeLabel('extend_unlim')).toBe('Extension: unlimited residential proxies');
    expect(transactionTypeLabel('upgrade_premium')).toBe('Upgrade: premium residential proxies');
    expect(transactionTypeLabel('restore_dynamic')).toBe('Restore: dynamic residential proxies');
    expect(transactionTypeLabel('buy_isp_error')).toBe('Purchase: ISP proxies ✕');
    expect(transactionTypeLabel('payment')).toBe('Top-up');
  });

  it('names a package entry by its action and family in Russian', async () => {
    await i18next.changeLanguage('ru');
    expect(transactionTypeLabel('buy_isp')).toBe('Покупка: ISP-прокси');
    expect(transactionTypeLabel('extend_unlim')).toBe('Продление: безлимитные резидентные прокси');
    expect(transactionTypeLabel('upgrade_premium')).toBe('Улучшение: премиум резидентные прокси');
    expect(transactionTypeLabel('restore_dynamic')).toBe(
      'Восстановление: динамические резидентные прокси',
    );
    expect(transactionTypeLabel('payment')).toBe('Пополнение');
  });
});
