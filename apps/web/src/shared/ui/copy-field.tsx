import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../lib/use-copy';
import { Button } from './button';

/**
 * A read-only value under its label with a copy button that confirms for 5 s (spec section 9
 * "Copy confirmation 5 s"): credentials, keys, proxy URLs, commands. The value is text that
 * wraps, so a long login or a curl command is always shown whole.
 */
export const CopyField = ({ label, value }: { label: string; value: string | number }) => {
  const { t } = useTranslation('base');
  const id = useId();
  const text = String(value);
  const { copied, copy } = useCopy();
  const isCopied = copied === text;
  return (
    <div className="copy-field">
      <span className="copy-field__label" id={id}>
        {label}
      </span>
      <code className="copy-field__value" aria-labelledby={id}>
        {text}
      </code>
      <Button
        variant="ghost"
        size="sm"
        className="copy-field__button"
        aria-label={isCopied ? t('ui.copied_label', { label }) : t('ui.copy_label', { label })}
        onClick={() => void copy(text)}
      >
        {isCopied ? t('ui.copied') : t('ui.copy')}
      </Button>
    </div>
  );
};
