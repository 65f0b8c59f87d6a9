import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../../shared/ui';

/** A load failed: its text (spec section 8) and a refresh button that tries again. */
export const RetryAlert = ({ text, onRetry }: { text: string; onRetry: () => void }) => {
  const { t } = useTranslation('packages');
  return (
    <Alert type="error">
      {text}{' '}
      <Button variant="link" size="sm" onClick={onRetry}>
        {t('refresh')}
      </Button>
    </Alert>
  );
};
