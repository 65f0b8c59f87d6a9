import './app/security-boot';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './shared/i18n/i18n';
import { storeReferralCode } from './shared/lib/referral-code';
import { listenToOtherTabs } from './shared/session/logout';
import './shared/stores/promo-store';
import './shared/ui/styles/tokens.css';
import './shared/ui/styles/global.css';
import './shared/ui/styles/ui.css';

// The referral code is read at start from the register URL (spec section 3).
const startParams = new URLSearchParams(window.location.search);
const startRef = startParams.get('ref');
if (startRef && /\/register\/?$/.test(window.location.pathname)) storeReferralCode(startRef);

void initI18n();
listenToOtherTabs();

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // As a transition the first render is time-sliced: React yields to the browser every few
  // milliseconds instead of blocking the main thread for the whole tree (Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
