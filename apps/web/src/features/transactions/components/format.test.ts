import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../../public/locales/en/top-up.json';
import ru from '../../../../public/locales/ru/top-up.json';
import { paymentMethodLabel } from './format';

beforeAll(() => {
  i18next.addResourceBundle('en', 'top-up', en);
  i18next.addResourceBundle('ru', 'top-up', ru);
});
afterAll(() => i18next.changeLanguage('en'));

describe('paymentMethodLabel', () => {
  it('shows the stored method name in Russian, keeping the crypto network', async () => {
    await i18next.changeLanguage('ru');
    expect(paymentMethodLabel('Crypto USDT-TRC20')).toBe('Криптовалюта USDT-TRC20');
    expect(paymentMethodLabel('Local methods')).toBe('Локальные способы');
    expect(paymentMethodLabel('SBP')).toBe('СБП');
    expect(paymentMethodLabel('Visa / Mastercard')).toBe('Visa / Mastercard');
  });

  it('shows the English method names in English and unknown names as stored', async () => {
    await i18next.changeLanguage('en');
    expect(paymentMethodLabel('Crypto USDT-TRC20')).toBe('Crypto USDT-TRC20');
    expect(paymentMethodLabel('SBP')).toBe('SBP (Faster Payments)');
    expect(paymentMethodLabel('Manual credit')).toBe('Manual credit');
  });
});
