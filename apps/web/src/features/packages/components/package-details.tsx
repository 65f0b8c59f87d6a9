import { useTranslation } from 'react-i18next';
import { Alert, Button, ModalButton } from '../../../shared/ui';
import type { PackageRow } from '../api/get-packages';
import { isAwaitingSetup, isSuspended } from '../utils/package-rules';
import { RestoreModal } from './modals/restore-modal';
import { DynamicPanel } from './panels/dynamic-panel';
import { IspPanel } from './panels/isp-panel';
import { PremiumPanel } from './panels/premium-panel';
import { UnlimPanel } from './panels/unlim-panel';

export type PackageDetailsProps = {
  row: PackageRow;
  isRestricted: boolean;
  onRefresh: () => void;
};

/** A suspended package shows only this: restoring it pays the 30-day price. */
const RestorePanel = ({ row }: { row: PackageRow }) => {
  const { t } = useTranslation('packages');
  return (
    <div className="package-panel">
      <Alert type="info">{t('restore_panel.text')}</Alert>
      <div className="cluster package-panel__bar">
        <ModalButton size="sm" modal={(close) => <RestoreModal pkg={row} onClose={close} />}>
          {t('restore_panel.open')}
        </ModalButton>
      </div>
    </div>
  );
};

/**
 * The content of an expanded row (spec section 4): being set up -> an info alert and refresh;
 * suspended -> the restore panel; else the panel of the row's family (isp, dynamic, unlim, and
 * the residential premium view for vip).
 */
export const PackageDetails = ({ row, isRestricted, onRefresh }: PackageDetailsProps) => {
  const { t } = useTranslation('packages');
  if (isAwaitingSetup(row))
    return (
      <div className="package-panel">
        <Alert type="info">{t('pending_info')}</Alert>
        <div className="cluster package-panel__bar">
          <Button size="sm" variant="secondary" onClick={onRefresh}>
            {t('refresh')}
          </Button>
        </div>
      </div>
    );
  if (isSuspended(row)) return <RestorePanel row={row} />;
  switch (row.type) {
    case 'isp':
      return <IspPanel row={row} isRestricted={isRestricted} />;
    case 'dynamic':
      return <DynamicPanel row={row} isRestricted={isRestricted} />;
    case 'unlim':
      return <UnlimPanel row={row} isRestricted={isRestricted} />;
    default:
      return <PremiumPanel row={row} isRestricted={isRestricted} />;
  }
};
