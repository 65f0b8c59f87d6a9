import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRMATION_MS, formatDollars } from '@proxy/contract';
import { showAlert } from '../../../shared/ui';

export const CabinetFooter = ({ apiKey, balance }: { apiKey: string; balance: number }) => {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
    } catch {
      showAlert.error(t('errors.copy'));
    }
  };
  return (
    <footer className="cabinet-footer">
      <div className="cabinet-footer__item">
        <span className="cabinet-footer__label" id="api-key-label">
          {t('cabinet.api_key')}
        </span>
        <code className="cabinet-footer__key">{apiKey}</code>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy()}>
          {isCopied ? t('cabinet.copied') : t('cabinet.copy_api_key')}
        </button>
        <span className="visually-hidden" role="status">
          {isCopied ? t('cabinet.copied') : ''}
        </span>
      </div>
      <div className="cabinet-footer__item">
        <span className="cabinet-footer__label">{t('cabinet.balance')}</span>
        <strong className="cabinet-footer__balance" data-testid="balance">
          {formatDollars(balance)}
        </strong>
      </div>
    </footer>
  );
};
