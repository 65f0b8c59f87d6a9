import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppConfig } from '../config/app-config';
import { whenFirstScreenPainted } from '../lib/after-paint';
import { currentLanguage } from '../i18n/i18n';
import { useConsentStore } from './consent';
import { whenIdle } from './load-script';

const ConsentBanner = lazy(() =>
  import('./consent-banner').then((m) => ({ default: m.ConsentBanner })),
);

/**
 * Analytics and live chat (docs/decisions/147, 148): once the first screen is shown, painted and
 * the page is idle, the server's configuration is read (never competing with that screen); with a service configured the consent banner asks, and only a
 * granted consent loads anything. Without configuration nothing is shown or loaded.
 */
export const ThirdParties = () => {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    let cancelIdle = () => {};
    const cancelPainted = whenFirstScreenPainted(() => {
      cancelIdle = whenIdle(() => setIdle(true));
    });
    return () => {
      cancelPainted();
      cancelIdle();
    };
  }, []);
  const { data: config } = useAppConfig({ isEnabled: isIdle });
  const consent = useConsentStore((state) => state.consent);
  const hasServices = Boolean(config && (config.analytics || config.liveChat));

  useEffect(() => {
    if (!config || !hasServices || consent !== 'granted') return;
    import('./start-third-parties')
      .then(({ startThirdParties }) => startThirdParties(config, currentLanguage()))
      .catch((error: unknown) => {
        // A blocked or unreachable provider leaves the cabinet as it is.
        console.warn('third-party services did not start', error);
      });
  }, [config, hasServices, consent]);

  if (!hasServices || consent !== null) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
};
