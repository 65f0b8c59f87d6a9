import '../notifications.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstScreenPainted } from '../../../shared/lib/after-paint';
import { BellIcon, IconButton } from '../../../shared/ui';
import { useNotifications } from '../api/get-notifications';
import { NotificationsPanel } from './notifications-panel';

/** Header bell: unread badge (from the loaded pages) and the side panel. */
export const NotificationsBell = () => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  // The badge can wait for the cabinet's first paint.
  const { data } = useNotifications(useFirstScreenPainted());
  const unread =
    data?.pages.reduce((sum, page) => sum + page.data.filter((item) => !item.read_at).length, 0) ??
    0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <>
      <IconButton
        className="bell"
        // The name holds what the badge shows, so a voice user can say what they see.
        label={
          unread > 0 ? t('cabinet.notifications_unread', { shown }) : t('cabinet.notifications')
        }
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell__badge" data-testid="unread-badge" aria-hidden="true">
            {shown}
          </span>
        )}
      </IconButton>
      <NotificationsPanel isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
};
