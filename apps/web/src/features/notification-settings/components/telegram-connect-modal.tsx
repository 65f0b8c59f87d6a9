import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton, Modal, type ModalProps } from '../../../shared/ui';

/** Modal's open state and close (passed on to it), and what this modal shows. */
type TelegramConnectModalProps = Pick<ModalProps, 'isOpen' | 'onClose'> & {
  botUrl: string;
  /** Offered at the first connection (null once granted). */
  promoPercent: number | null;
  /** Called when the window regains focus: the user may be back from Telegram. */
  onRecheck: () => void;
};

/**
 * The deep link to the bot (https://t.me/{bot}?start={promo_token}). The connection happens in
 * Telegram; the page sees it when the profile is refetched on window focus, and then the
 * caller closes this modal with a success alert (spec 001 section 4).
 */
export const TelegramConnectModal = ({
  botUrl,
  promoPercent,
  onRecheck,
  ...modal
}: TelegramConnectModalProps) => {
  const { t } = useTranslation('notification-settings');
  useEffect(() => {
    if (!modal.isOpen) return undefined;
    const recheck = () => {
      if (document.visibilityState === 'visible') onRecheck();
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [modal.isOpen, onRecheck]);

  return (
    <Modal
      {...modal}
      title={t('telegram.modal_title')}
      footer={<CancelButton onClick={modal.onClose} />}
    >
      <div className="stack">
        <p>{t('telegram.modal_text')}</p>
        {promoPercent !== null && <p>{t('telegram.modal_promo', { percent: promoPercent })}</p>}
        <p>
          <a
            className="btn btn--primary"
            href={botUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="telegram-bot-link"
          >
            {t('telegram.open_bot')}
          </a>
        </p>
        <p className="text-muted" role="status">
          {t('telegram.waiting')}
        </p>
      </div>
    </Modal>
  );
};
