import { useTranslation } from 'react-i18next';
import { useLiveChatStore } from './live-chat-store';

/** The header button that shows or hides the live-chat widget (only once it has loaded). */
export const LiveChatToggle = () => {
  const { t } = useTranslation();
  const isLoaded = useLiveChatStore((state) => state.widget !== null);
  const isHidden = useLiveChatStore((state) => state.isHidden);
  const setHidden = useLiveChatStore((state) => state.setHidden);
  if (!isLoaded) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      aria-pressed={!isHidden}
      onClick={() => setHidden(!isHidden)}
    >
      {isHidden ? t('live_chat.show') : t('live_chat.hide')}
    </button>
  );
};
