import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_READ_VISIBILITY, notificationValue } from '@proxy/contract';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/lib/format-date';
import type { NotificationItem } from '../api/get-notifications';
import { notificationLines, notificationTitleKey } from '../utils/notification-lines';

/** One notification; reports itself read once at least half of it is visible. */
export const NotificationRow = ({
  item,
  root,
  onVisible,
}: {
  item: NotificationItem;
  root: HTMLElement | null;
  onVisible: (id: string) => void;
}) => {
  const { t, i18n } = useTranslation('notifications');
  const ref = useRef<HTMLLIElement>(null);
  const isUnread = !item.read_at;

  useEffect(() => {
    const element = ref.current;
    if (!isUnread || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (
          entries.some(
            (entry) =>
              entry.isIntersecting && entry.intersectionRatio >= NOTIFICATIONS_READ_VISIBILITY,
          )
        ) {
          observer.disconnect();
          onVisible(item.id);
        }
      },
      { root, threshold: NOTIFICATIONS_READ_VISIBILITY },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isUnread, item.id, onVisible, root]);

  return (
    <li ref={ref} className={isUnread ? 'notification notification--unread' : 'notification'}>
      <div className="notification__head">
        <h3 className="notification__title">
          {isUnread && <span className="visually-hidden">{t('unread')}: </span>}
          {translateDynamic(notificationTitleKey(item.type), { defaultValue: item.type })}
        </h3>
        {isUnread && <span className="notification__dot" aria-hidden="true" />}
      </div>
      {notificationLines(item.data).map((line) => (
        <p key={line.label} className="notification__line">
          <span className="text-muted">
            {translateDynamic(`notifications:labels.${line.label}`, { defaultValue: line.label })}:
          </span>{' '}
          {notificationValue(line, (iso) => formatDateTime(iso, i18n.language))}
        </p>
      ))}
      <time className="notification__time" dateTime={item.created_at}>
        {formatDateTime(item.created_at, i18n.language)}
      </time>
    </li>
  );
};
