import { SKIPPED_SYSTEM_ALERT_ID, type Language } from '@proxy/contract';
import type { SystemAlert } from '../api/get-alerts';

export const SHOWN_ALERTS_STORAGE_KEY = 'systemAlertsShown';

type Shown = Partial<Record<Language, number[]>>;

const read = (storage: Storage): Shown => {
  try {
    const value: unknown = JSON.parse(storage.getItem(SHOWN_ALERTS_STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
};

/**
 * The alerts to show now: active, not id 3, and not yet shown in this language during this
 * browser session (sessionStorage). A language switch therefore shows every active alert
 * once more, in the new language. Marks the returned ones as shown.
 */
export const takeAlertsToShow = (
  alerts: readonly SystemAlert[],
  language: Language,
  storage: Storage,
): SystemAlert[] => {
  const shown = read(storage);
  const seen = new Set(shown[language] ?? []);
  const fresh = alerts.filter(
    (alert) => alert.is_active && alert.id !== SKIPPED_SYSTEM_ALERT_ID && !seen.has(alert.id),
  );
  if (fresh.length > 0) {
    shown[language] = [...seen, ...fresh.map((alert) => alert.id)];
    storage.setItem(SHOWN_ALERTS_STORAGE_KEY, JSON.stringify(shown));
  }
  return fresh;
};
