import '../notifications.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstScreenPainted } from '../../../shared/lib/after-paint';
import { BellIcon, IconButton } from '../../../shared/ui';
import { useNotifications } from '../api/get-notifications';
import { NotificationsPanel } from './notifications-panel';

/** Header bell: unread badge (from the loaded pages) and the side panel. */
export const NotificationsBell = () => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const badgeId = useId();
  // The badge can wait for the cabinet's first paint.
  const { data } = useNotifications(useFirstScreenPainted());
  const unread =
    data?.pages.reduce((sum, page) => sum + page.data.filter((item) => !item.read_at).length, 0) ??
    0;
  return (
    <>
      <IconButton
        className="bell"
        label={t('cabinet.notifications')}
        aria-describedby={unread > 0 ? badgeId : undefined}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell__badge" data-testid="unread-badge">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span id={badgeId} className="visually-hidden">
              {t('cabinet.unread_count', { count: unread })}
            </span>
          </span>
        )}
      </IconButton>
      <NotificationsPanel isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
};
