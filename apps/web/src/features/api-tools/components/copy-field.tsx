import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui';

type CopyFieldProps = {
  label: string;
  value: string;
  isCopied: boolean;
  onCopy: () => void;
  isMultiline?: boolean;
};

/** A read-only value with its copy button (the confirmation shows for 5 s). */
export const CopyField = ({
  label,
  value,
  isCopied,
  onCopy,
  isMultiline = false,
}: CopyFieldProps) => {
  const { t } = useTranslation('api-tools');
  const id = useId();
  return (
    <div className="field api-tools-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="api-tools-field__row">
        {isMultiline ? (
          <textarea
            id={id}
            className="field__input api-tools-field__code"
            value={value}
            readOnly
            rows={2}
          />
        ) : (
          <input id={id} className="field__input api-tools-field__code" value={value} readOnly />
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={onCopy}
          aria-label={t('copy_label', { label })}
        >
          {isCopied ? t('copied') : t('copy')}
        </Button>
      </div>
    </div>
  );
};
