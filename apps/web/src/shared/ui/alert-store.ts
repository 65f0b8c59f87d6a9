import { create } from 'zustand';
import { ALERT_AUTO_DISMISS_MS } from '@proxy/contract';

export const ALERT_TYPES = ['success', 'info', 'warning', 'error'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export type TransientAlert = { id: string; type: AlertType; content: string; autoDismiss: boolean };
export type AlertInput = { type?: AlertType; content: string; autoDismiss?: boolean };

type AlertState = {
  alerts: TransientAlert[];
  push: (alert: AlertInput) => string;
  dismiss: (id: string) => void;
  clear: () => void;
};

let counter = 0;
const nextId = (): string => `alert-${Date.now().toString(36)}-${(counter += 1)}`;
/** Auto-dismiss timers by alert id: a repeated alert restarts its timer. */
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export const useAlertStore = create<AlertState>()((set, get) => {
  const scheduleDismiss = (id: string) => {
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), ALERT_AUTO_DISMISS_MS),
    );
  };
  return {
    alerts: [],
    push: ({ type = 'info', content, autoDismiss = true }) => {
      // The same message shown again (two failing queries, a double click) is one alert,
      // which stays for its full time again.
      const shown = get().alerts.find(
        (alert) =>
          alert.type === type && alert.content === content && alert.autoDismiss === autoDismiss,
      );
      if (shown) {
        if (autoDismiss) scheduleDismiss(shown.id);
        return shown.id;
      }
      const id = nextId();
      set((state) => ({ alerts: [...state.alerts, { id, type, content, autoDismiss }] }));
      if (autoDismiss) scheduleDismiss(id);
      return id;
    },
    dismiss: (id) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) }));
    },
    clear: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      set({ alerts: [] });
    },
  };
});

/** Shortcuts usable outside React (query error handlers, post-login steps). */
export const showAlert = {
  success: (content: string) => useAlertStore.getState().push({ type: 'success', content }),
  info: (content: string) => useAlertStore.getState().push({ type: 'info', content }),
  warning: (content: string) => useAlertStore.getState().push({ type: 'warning', content }),
  error: (content: string) => useAlertStore.getState().push({ type: 'error', content }),
};
