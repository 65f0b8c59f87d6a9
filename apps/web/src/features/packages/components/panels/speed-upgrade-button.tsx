import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../shared/ui';
import { SpeedUpgradeModal } from '../modals/speed-upgrade-modal';

/** "Upgrade speed" of an active unlimited package, with its modal. */
export const SpeedUpgradeButton = ({
  packageId,
  currentSpeed,
  isRestricted,
}: {
  packageId: number;
  currentSpeed: number;
  isRestricted: boolean;
}) => {
  const { t } = useTranslation('packages');
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('panel.upgrade_speed')}
      </Button>
      {isOpen && (
        <SpeedUpgradeModal
          packageId={packageId}
          currentSpeed={currentSpeed}
          isPriceHidden={isRestricted}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};
