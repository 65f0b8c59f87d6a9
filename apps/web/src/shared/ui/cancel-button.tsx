import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** The secondary Cancel of a modal's footer: closes it without acting. */
export const CancelButton = ({ onClick }: { onClick: () => void }) => {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" onClick={onClick}>
      {t('ui.cancel')}
    </Button>
  );
};
