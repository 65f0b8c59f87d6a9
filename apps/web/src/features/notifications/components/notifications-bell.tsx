import '../notifications.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/get-notifications';
import { NotificationsPanel } from './notifications-panel';

/** Header bell: unread badge (from the loaded pages) and the side panel. */
export const NotificationsBell = () => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const badgeId = useId();
  const { data } = useNotifications();
  const unread =
    data?.pages.reduce((sum, page) => sum + page.data.filter((item) => !item.read_at).length, 0) ??
    0;
  return (
    <>
      <button
        type="button"
        className="icon-btn bell"
        aria-label={t('cabinet.notifications')}
        aria-describedby={unread > 0 ? badgeId : undefined}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__badge" data-testid="unread-badge">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span id={badgeId} className="visually-hidden">
              {t('cabinet.unread_count', { count: unread })}
            </span>
          </span>
        )}
      </button>
      <NotificationsPanel isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
};
