import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRMATION_MS } from '@proxy/contract';
import { showAlert } from '../../../shared/ui';

/**
 * A read-only credential (host, port, login, password, package key) with a copy button that
 * confirms for 5 s (spec section 9 "Copy confirmation 5 s").
 */
export const CopyField = ({ label, value }: { label: string; value: string | number }) => {
  const { t } = useTranslation(['packages', 'base']);
  const id = useId();
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(String(value));
      setCopied(true);
    } catch {
      showAlert.error(t('base:errors.copy'));
    }
  };
  return (
    <div className="copy-field">
      <span className="copy-field__label" id={id}>
        {label}
      </span>
      <code className="copy-field__value" aria-labelledby={id}>
        {value}
      </code>
      <button
        type="button"
        className="btn btn--ghost btn--sm copy-field__button"
        aria-label={isCopied ? t('copy.copied_label', { label }) : t('copy.label', { label })}
        onClick={() => void copy()}
      >
        {isCopied ? t('copy.copied') : t('copy.copy')}
      </button>
    </div>
  );
};
