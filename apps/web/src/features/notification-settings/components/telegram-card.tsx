import { useTranslation } from 'react-i18next';
import type { TelegramStatus } from '@proxy/contract';
import { formatDateTime } from '../../../shared/lib/format-date';
import { Button } from '../../../shared/ui';

type TelegramCardProps = {
  status: TelegramStatus;
  isConnected: boolean;
  onConnect: () => void;
  /** The subscription offer is shown (promo not granted yet, not dismissed). */
  isOfferShown: boolean;
  onDismissOffer: () => void;
};

/** The Telegram connection, the subscription offer and the promo code it granted. */
export const TelegramCard = ({
  status,
  isConnected,
  onConnect,
  isOfferShown,
  onDismissOffer,
}: TelegramCardProps) => {
  const { t, i18n } = useTranslation('notification-settings');
  const { promo } = status;
  return (
    <section className="card stack notification-settings__telegram" data-testid="telegram-card">
      {isConnected ? (
        <p>
          {status.telegram_user
            ? t('telegram.connected_as', { name: status.telegram_user })
            : t('telegram.connected')}{' '}
          <span className="text-muted">{t('telegram.disconnect_hint')}</span>
        </p>
      ) : (
        <div className="notification-settings__telegram-row">
          <p>{t('telegram.not_connected')}</p>
          <Button onClick={onConnect}>{t('telegram.connect')}</Button>
        </div>
      )}
      {promo && (
        <p data-testid="telegram-promo">
          {t('telegram.promo_code', { percent: promo.percent, code: promo.code })}
          {promo.used
            ? ` (${t('telegram.promo_used')})`
            : promo.valid_to
              ? ` (${t('telegram.promo_valid_to', { date: formatDateTime(promo.valid_to, i18n.language) })})`
              : ''}
        </p>
      )}
      {!isConnected && isOfferShown && (
        <div className="alert alert--info" data-testid="telegram-offer">
          <div className="alert__content stack">
            <strong>{t('telegram.offer_title', { percent: status.promo_percent })}</strong>
            <p>{t('telegram.offer_text')}</p>
            <div className="notification-settings__actions">
              <Button size="sm" onClick={onConnect}>
                {t('telegram.connect')}
              </Button>
              <Button size="sm" variant="ghost" onClick={onDismissOffer}>
                {t('telegram.offer_dismiss')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
};
