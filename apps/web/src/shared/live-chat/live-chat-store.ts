import { create } from 'zustand';
import type { LiveChatConfig } from '@proxy/contract';
import { onLogout } from '../session/logout';

/** Whether the visitor hid the live-chat button (spec 001: the widget toggles show/hide). */
export const LIVE_CHAT_HIDDEN_KEY = 'liveChatHidden';

type Widget = { setVisible: (isVisible: boolean) => void };

type LiveChatState = {
  /** Set once the widget has loaded (after consent); the toggle shows only then. */
  widget: Widget | null;
  isHidden: boolean;
  setHidden: (isHidden: boolean) => void;
};

const readHidden = () => {
  try {
    return window.localStorage.getItem(LIVE_CHAT_HIDDEN_KEY) === 'true';
  } catch {
    return false;
  }
};

export const useLiveChatStore = create<LiveChatState>()((set, get) => ({
  widget: null,
  isHidden: readHidden(),
  setHidden: (isHidden) => {
    try {
      window.localStorage.setItem(LIVE_CHAT_HIDDEN_KEY, String(isHidden));
    } catch {
      // Kept for this page only.
    }
    get().widget?.setVisible(!isHidden);
    set({ isHidden });
  },
}));

let started = false;

/** Loads the configured widget once, then applies the visitor's show/hide choice. */
export const startLiveChat = async (config: LiveChatConfig, locale: string): Promise<void> => {
  if (started) return;
  started = true;
  const { startChatwoot } = await import('./chatwoot');
  const chat = await startChatwoot(config, locale);
  const widget: Widget = {
    setVisible: (isVisible) => {
      if (!isVisible) chat.toggle('close');
      chat.toggleBubbleVisibility(isVisible ? 'show' : 'hide');
    },
  };
  widget.setVisible(!useLiveChatStore.getState().isHidden);
  useLiveChatStore.setState({ widget });
  // The next person on this browser must not see the previous customer's conversation.
  onLogout(() => chat.reset());
};
