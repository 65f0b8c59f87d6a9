import { REFERRAL_CODE_STORAGE_KEY } from '@proxy/contract';

export const readReferralCode = (): string | null => {
  try {
    return window.localStorage.getItem(REFERRAL_CODE_STORAGE_KEY) || null;
  } catch {
    return null;
  }
};

export const storeReferralCode = (code: string): void => {
  try {
    window.localStorage.setItem(REFERRAL_CODE_STORAGE_KEY, code);
  } catch {
    /* storage disabled */
  }
};

export const clearReferralCode = (): void => {
  try {
    window.localStorage.removeItem(REFERRAL_CODE_STORAGE_KEY);
  } catch {
    /* storage disabled */
  }
};
