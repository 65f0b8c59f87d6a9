/**
 * The transfer/withdraw amount input refuses non-numeric input and values above the balance
 * (spec section 5): returns the accepted text, or null to keep the previous value.
 */
export const acceptAmountInput = (text: string, balance: number): string | null => {
  const normalised = text.replace(',', '.');
  if (normalised === '') return '';
  if (!/^\d+(\.\d{0,2})?$/.test(normalised)) return null;
  return Number(normalised) > balance ? null : normalised;
};
