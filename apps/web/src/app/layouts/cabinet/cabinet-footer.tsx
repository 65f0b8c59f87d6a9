import { useTranslation } from 'react-i18next';
import { formatDollars } from '@proxy/contract';
import { useCopy } from '../../../shared/lib/use-copy';
import { useAwaitingAppProps } from '../../../shared/lib/use-is-hydrated';

export const CabinetFooter = ({ apiKey, balance }: { apiKey: string; balance: number }) => {
  const { t, i18n } = useTranslation();
  const { copied, copy } = useCopy();
  const isCopied = copied !== null;
  const awaitingApp = useAwaitingAppProps();
  return (
    <footer className="cabinet-footer">
      <div className="cabinet-footer__item">
        <span className="cabinet-footer__label" id="api-key-label">
          {t('cabinet.api_key')}
        </span>
        <code className="cabinet-footer__key">{apiKey}</code>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void copy(apiKey)}
          {...awaitingApp}
        >
          {isCopied ? t('cabinet.copied') : t('cabinet.copy_api_key')}
        </button>
        <span className="visually-hidden" role="status">
          {isCopied ? t('cabinet.copied') : ''}
        </span>
      </div>
      <div className="cabinet-footer__item">
        <span className="cabinet-footer__label">{t('cabinet.balance')}</span>
        <strong className="cabinet-footer__balance" data-testid="balance">
          {formatDollars(balance, i18n.language)}
        </strong>
      </div>
    </footer>
  );
};
