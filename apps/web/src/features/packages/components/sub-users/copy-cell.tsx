import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../../shared/lib/use-copy';
import { Button } from '../../../../shared/ui';

/**
 * A credential in a table cell with its copy button, named as the package's own copy fields are
 * ("Copy login of Team A", then "login of Team A copied" for the 5 s of the confirmation), so
 * the visible text stays part of the button's name.
 */
export const CopyCell = ({ label, value }: { label: string; value: string }) => {
  const { t } = useTranslation('base');
  const { copied, copy } = useCopy();
  const isCopied = copied === value;
  return (
    <div className="copyable-code">
      <code className="copyable-code__value">{value}</code>
      <Button
        variant="secondary"
        size="sm"
        aria-label={isCopied ? t('ui.copied_label', { label }) : t('ui.copy_label', { label })}
        onClick={() => void copy(value)}
      >
        {isCopied ? t('ui.copied') : t('ui.copy')}
      </Button>
    </div>
  );
};
