import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_SCROLL_THRESHOLD_PX } from '@proxy/contract';
import { useFirstScreenPainted } from '../../../shared/lib/after-paint';
import { Button, Loader, SideModal, Spinner } from '../../../shared/ui';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { isNearBottom } from '../utils/notification-lines';
import { NotificationRow } from './notification-row';

export const NotificationsPanel = ({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('notifications');
  // Mounted closed with the cabinet: its first page is read after the cabinet's first paint.
  const query = useNotifications(useFirstScreenPainted());
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const requested = useRef(new Set<string>());

  const items = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const hasUnread = items.some((item) => !item.read_at);

  const { mutate: markOne } = markRead;
  const onVisible = useCallback(
    (id: string) => {
      if (requested.current.has(id)) return;
      requested.current.add(id);
      markOne(id, { onError: () => requested.current.delete(id) });
    },
    [markOne],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (
      hasNextPage &&
      !isFetchingNextPage &&
      isNearBottom(event.currentTarget, NOTIFICATIONS_SCROLL_THRESHOLD_PX)
    ) {
      void fetchNextPage();
    }
  };

  // A first page that does not fill the panel can never be scrolled: load the next one at once.
  useEffect(() => {
    if (!isOpen || !root || !hasNextPage || isFetchingNextPage || query.isFetchNextPageError)
      return;
    if (isNearBottom(root, NOTIFICATIONS_SCROLL_THRESHOLD_PX)) void fetchNextPage();
  }, [
    isOpen,
    root,
    items.length,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    query.isFetchNextPageError,
  ]);

  return (
    <SideModal isOpen={isOpen} onClose={onClose} title={t('title')}>
      <div className="notifications">
        <div className="notifications__toolbar">
          <Button
            variant="ghost"
            size="sm"
            disabled={!hasUnread}
            isLoading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('read_all')}
          </Button>
        </div>
        <div
          className="notifications__scroll"
          ref={setRoot}
          onScroll={onScroll}
          tabIndex={0}
          aria-label={t('title')}
          role="region"
        >
          {query.isPending ? (
            <Loader label={t('loading_more')} />
          ) : query.isError && items.length === 0 ? (
            <p className="notifications__error" role="alert">
              {query.error.message || t('fetch_error')}
            </p>
          ) : items.length === 0 ? (
            <p className="notifications__empty">{t('empty')}</p>
          ) : (
            <ul className="notifications__list">
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} root={root} onVisible={onVisible} />
              ))}
            </ul>
          )}
          {isFetchingNextPage && (
            <div className="notifications__more" role="status">
              <Spinner size="sm" /> {t('loading_more')}
            </div>
          )}
          {query.isFetchNextPageError && (
            <p className="notifications__error" role="alert">
              {query.error?.message || t('fetch_error')}
            </p>
          )}
        </div>
      </div>
    </SideModal>
  );
};
