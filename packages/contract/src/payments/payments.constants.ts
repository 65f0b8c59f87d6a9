import { toCents } from '../common/money.ts';

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
    minCents: toCents(min),
    maxCents: toCents(max),
    hasNetworks: type === '3',
  };
};

/** Bounds in dollars of method 7's payment systems 1..8 (methods 7.1 ... 7.8), in order. */
const LOCAL_SYSTEM_BOUNDS: readonly (readonly [min: number, max: number])[] = [
  [13, 1000],
  [6, 1600],
  [15, 1000],
  [15, 1000],
  [10, 1000],
  [2.3, 430],
  [7.5, 483],
  [7.5, 483],
];

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  method('3', 5, 10000),
  method('5', 10, 10000),
  method('6', 20, 25000),
  method('7', 6, 2352),
  ...LOCAL_SYSTEM_BOUNDS.map(([min, max], index) => method(`7.${index + 1}`, min, max)),
];

/**
 * The amounts the top-up form offers as one-press choices, in dollars (decision 159): each fits
 * most methods' bounds; the form offers only those within the chosen method's.
 */
export const TOP_UP_PRESET_AMOUNTS = [10, 25, 50, 100, 500, 1000] as const;

/** Whether `dollars` lies within a method's bounds. */
export const isWithinMethodBounds = (method: PaymentMethod, dollars: number): boolean => {
  const cents = toCents(dollars);
  return cents >= method.minCents && cents <= method.maxCents;
};

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

/**
 * Payment statuses of a top-up (spec: filter values 1 success, 0 waiting, 2 error; 3 expired:
 * the checkout closed unpaid, decision 155).
 */
export const PAYMENT_STATUS = { waiting: 0, success: 1, error: 2, expired: 3 } as const;
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

/**
 * Names of the methods (decision 041), stored on the payment as system_name ("Crypto USDT-TRC20",
 * "SBP"): the stored text is English; the cabinet shows it translated through
 * `top-up:methods.<id>` (methodOfSystemName). Method 7 is "local methods": 7 alone lets the
 * customer choose on the provider's page, 7.1-7.8 preselect one.
 */
export const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
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

/** The method id (and crypto network) a stored system_name was made from; null if unknown. */
export const methodOfSystemName = (
  systemName: string,
): { methodId: string; network: string | null } | null => {
  for (const [methodId, name] of Object.entries(PAYMENT_METHOD_NAMES)) {
    if (systemName === name) return { methodId, network: null };
    if (methodId === String(CRYPTO_METHOD_TYPE) && systemName.startsWith(`${name} `))
      return { methodId, network: systemName.slice(name.length + 1) };
  }
  return null;
};

/**
 * A receipt's printed number: R-{year}-{number within the year, at least 6 digits}. Numbers run
 * 1, 2, 3 ... without gaps in each calendar year (UTC) of issue (decision 183).
 */
export const formatReceiptNumber = (year: number, seq: number) =>
  `R-${year}-${String(seq).padStart(6, '0')}`;

/** The downloaded and mailed file of a receipt. */
export const receiptFileName = (receiptNumber: string) => `receipt-${receiptNumber}.pdf`;
