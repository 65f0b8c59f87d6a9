/**
 * Top-up methods and their bounds in dollars (spec 001 section 9). `type` is the method number
 * sent to POST /payment/create; method 7 has sub-methods 7.1 ... 7.8 sent as payment_system 1..8.
 * Only method 3 (crypto) takes a network.
 */
export type PaymentMethod = {
  /** Display id: '3', '5', '6', '7', '7.1' ... */
  id: string;
  type: 3 | 5 | 6 | 7;
  paymentSystem: number | null;
  minCents: number;
  maxCents: number;
  hasNetworks: boolean;
};

const method = (id: string, min: number, max: number): PaymentMethod => {
  const [type, system] = id.split('.');
  return {
    id,
    type: Number(type) as PaymentMethod['type'],
    paymentSystem: system === undefined ? null : Number(system),
    minCents: Math.round(min * 100),
    maxCents: Math.round(max * 100),
    hasNetworks: type === '3',
  };
};

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  method('3', 5, 10000),
  method('5', 10, 10000),
  method('6', 20, 25000),
  method('7', 6, 2352),
  method('7.1', 13, 1000),
  method('7.2', 6, 1600),
  method('7.3', 15, 1000),
  method('7.4', 15, 1000),
  method('7.5', 10, 1000),
  method('7.6', 2.3, 430),
  method('7.7', 7.5, 483),
  method('7.8', 7.5, 483),
];

export const PAYMENT_METHOD_TYPES = [3, 5, 6, 7] as const;
export const CRYPTO_METHOD_TYPE = 3;

export const findPaymentMethod = (
  type: number,
  paymentSystem?: number | null,
): PaymentMethod | undefined =>
  PAYMENT_METHODS.find((m) => m.type === type && m.paymentSystem === (paymentSystem ?? null));

/** Crypto networks offered for method 3 (GET /payment/networks). */
export const CRYPTO_NETWORKS = [
  'USDT-TRC20',
  'USDT-ERC20',
  'USDT-BEP20',
  'BTC',
  'ETH',
  'LTC',
  'TRX',
  'TON',
] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];
export const DEFAULT_PAYMENT_NETWORK = 'USD';

/** Payment statuses of a top-up (spec: filter values 1 success, 0 waiting, 2 error). */
export const PAYMENT_STATUS = { waiting: 0, success: 1, error: 2 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** Merchants of the payments filter (spec: 5, 1, 3). */
export const MERCHANTS = { card: 1, crypto: 3, sandbox: 5 } as const;
export type MerchantId = (typeof MERCHANTS)[keyof typeof MERCHANTS];

export const PAYMENT_SORT_FIELDS = [
  'created_at',
  'status',
  'system_name',
  'merchant_id',
  'amount',
] as const;
export const TRANSACTION_SORT_FIELDS = ['created_at', 'type', 'amount'] as const;
