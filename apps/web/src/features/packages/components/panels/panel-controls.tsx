import { useTranslation } from 'react-i18next';
import { Button } from '../../../../shared/ui';
import { AutoRenewSwitch } from '../auto-renew-switch';

export type PanelControlsProps = {
  status: string;
  autoUpdate: boolean;
  /** The restricted kind of account sees no extend button. */
  isRestricted: boolean;
  onExtend: () => void;
  saveAutoUpdate: (isOn: boolean) => Promise<unknown>;
  /** Unlimited 1-day tariffs have no auto-renewal. */
  isAutoRenewHidden: boolean;
};

/**
 * Extend and auto-renewal of a panel (spec section 4): extend is disabled while auto-renewal is
 * on and hidden for the restricted kind of account; the switch is disabled when status is empty.
 */
export const PanelControls = ({
  status,
  autoUpdate,
  isRestricted,
  onExtend,
  saveAutoUpdate,
  isAutoRenewHidden,
}: PanelControlsProps) => {
  const { t } = useTranslation('packages');
  return (
    <div className="cluster package-panel__bar">
      {!isRestricted && (
        <Button
          size="sm"
          onClick={onExtend}
          disabled={autoUpdate}
          title={autoUpdate ? t('extends.disabled_hint') : undefined}
        >
          {t('extends.open')}
        </Button>
      )}
      {!isAutoRenewHidden && (
        <AutoRenewSwitch isOn={autoUpdate} isDisabled={status === 'empty'} save={saveAutoUpdate} />
      )}
    </div>
  );
};
