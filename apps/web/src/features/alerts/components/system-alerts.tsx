import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, FALLBACK_LANGUAGE } from '@proxy/contract';
import { useFirstScreenPainted } from '../../../shared/lib/after-paint';
import { useAlertStore } from '../../../shared/ui';
import { useAlerts } from '../api/get-alerts';
import { takeAlertsToShow } from '../utils/shown-alerts';

/**
 * Pushes the operator's system alerts into the transient alert stack, once per session and
 * language (see utils/shown-alerts.ts). Renders nothing itself.
 */
export const SystemAlerts = ({ isEnabled }: { isEnabled: boolean }) => {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  // Alerts pop up over the page: read after its first paint.
  const hasPainted = useFirstScreenPainted();
  const { data } = useAlerts(language, isEnabled && hasPainted);
  const push = useAlertStore((state) => state.push);

  useEffect(() => {
    if (!isEnabled || !data) return;
    for (const alert of takeAlertsToShow(data.alerts, language, sessionStorage))
      push({ type: alert.type, content: alert.description });
  }, [data, isEnabled, language, push]);

  return null;
};
