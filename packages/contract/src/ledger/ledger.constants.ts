/**
 * Transaction (ledger entry) types. The spec names the kinds (payments; buy, extend,
 * upgrade and restore per package family; refunds; referral reward; the referral-to-main
 * transfer; referral withdrawal and its return) and says failures end in `_error`.
 */
const PACKAGE_FAMILIES = ['dynamic', 'premium', 'isp', 'unlim'] as const;
const PACKAGE_ACTIONS = ['buy', 'extend', 'upgrade', 'restore'] as const;

type PackageEntryType = `${(typeof PACKAGE_ACTIONS)[number]}_${(typeof PACKAGE_FAMILIES)[number]}`;

export const PACKAGE_ENTRY_TYPES: PackageEntryType[] = PACKAGE_ACTIONS.flatMap((action) =>
  PACKAGE_FAMILIES.map((family): PackageEntryType => `${action}_${family}`),
);

export const LEDGER_ENTRY_TYPES = [
  'payment',
  ...PACKAGE_ENTRY_TYPES,
  'refund',
  'referral_reward',
  'withdrawal_from_referral_to_main_balance',
  'referral_withdrawal',
  'referral_withdrawal_return',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export type LedgerEntryErrorType = `${LedgerEntryType}_error`;

export const isErrorEntryType = (type: string): boolean => type.endsWith('_error');

/** Hidden from the transactions list (spec 001 section 7). */
export const HIDDEN_TRANSACTION_TYPES = ['withdrawal_from_referral_to_main_balance'] as const;

export const packageEntryType = (
  action: (typeof PACKAGE_ACTIONS)[number],
  family: (typeof PACKAGE_FAMILIES)[number],
): PackageEntryType => `${action}_${family}`;
