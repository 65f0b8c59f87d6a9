import { create } from 'zustand';

/** The visitor's answer to the consent banner, kept in local storage (never a cookie). */
export const CONSENT_STORAGE_KEY = 'thirdPartyConsent';
export type Consent = 'granted' | 'denied';

const readConsent = (): Consent | null => {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    // Storage blocked (privacy mode): ask again, load nothing meanwhile.
    return null;
  }
};

type ConsentState = { consent: Consent | null; decide: (consent: Consent) => void };

export const useConsentStore = create<ConsentState>()((set) => ({
  consent: readConsent(),
  decide: (consent) => {
    try {
      window.localStorage.setItem(CONSENT_STORAGE_KEY, consent);
    } catch {
      // Kept for this page only.
    }
    set({ consent });
  },
}));

// Another tab's answer applies here too (the build's prerender has no window).
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_STORAGE_KEY) useConsentStore.setState({ consent: readConsent() });
  });
