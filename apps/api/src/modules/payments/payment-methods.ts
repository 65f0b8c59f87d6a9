import { CRYPTO_METHOD_TYPE, type PaymentMethod } from '@proxy/contract';

/**
 * Names of the methods (decision 041): brand names, the same in every language, stored on
 * the payment as system_name. Method 7 is "local methods": 7 alone lets the customer choose
 * on the provider's page, 7.1-7.8 preselect one.
 */
export const PAYMENT_METHOD_NAMES: Record<string, string> = {
  '3': 'Crypto',
  '5': 'Visa / Mastercard',
  '6': 'Apple Pay / Google Pay',
  '7': 'Local methods',
  '7.1': 'SBP',
  '7.2': 'Mir',
  '7.3': 'YooMoney',
  '7.4': 'SberPay',
  '7.5': 'T-Pay',
  '7.6': 'PIX',
  '7.7': 'UPI',
  '7.8': 'Alipay',
};

export const systemNameOf = (method: PaymentMethod, network: string | null): string => {
  const name = PAYMENT_METHOD_NAMES[method.id] ?? `Method ${method.id}`;
  return method.type === CRYPTO_METHOD_TYPE && network ? `${name} ${network}` : name;
};
