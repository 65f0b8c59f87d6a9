import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '@proxy/contract';
import { Alert, Loader } from '../../../../shared/ui';
import { useUnlimUpgradeOptions } from '../../api/get-unlim-upgrade-options';
import { useUpgradeUnlim } from '../../api/upgrade-unlim';
import { ChoiceGroup } from '../../../../shared/ui/choice-group';
import { PaidActionModal } from './paid-action-modal';

export type SpeedUpgradeModalProps = {
  /** The unlimited package and its current tariff's speed (Mbit/s). */
  pkg: { id: number; tariff: { speed_limit: number } };
  isPriceHidden: boolean;
  onClose: () => void;
};

/**
 * Raise the speed of an unlimited package: the faster tariffs priced for its remaining days.
 * When they cannot be loaded the modal shows the fetch error with only a cancel button.
 */
export const SpeedUpgradeModal = ({ pkg, isPriceHidden, onClose }: SpeedUpgradeModalProps) => {
  const { t, i18n } = useTranslation(['packages', 'base']);
  const upgrade = useUpgradeUnlim();
  const options = useUnlimUpgradeOptions(pkg.id, true);
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <PaidActionModal
      texts="modals.unlim_residential_upgrade"
      errorText={t('modals.unlim_residential_upgrade.error')}
      mutation={upgrade}
      variables={chosen === null ? null : { id: pkg.id, tariffId: chosen }}
      onClose={onClose}
      isConfirmDisabled={!options.data}
    >
      <p>{t('modals.unlim_residential_upgrade.current', { speed: pkg.tariff.speed_limit })}</p>
      {options.isPending && <Loader label={t('modals.loading')} />}
      {options.isError && <Alert type="error">{t('base:errors.fetch')}</Alert>}
      {options.data?.length === 0 && <p>{t('modals.unlim_residential_upgrade.none')}</p>}
      {options.data && options.data.length > 0 && (
        <ChoiceGroup
          label={t('modals.unlim_residential_upgrade.speed')}
          options={options.data.map((option) => ({
            value: String(option.id),
            label: isPriceHidden
              ? t('units.mbps', { value: option.speed_limit })
              : t('modals.unlim_residential_upgrade.option', {
                  speed: option.speed_limit,
                  price: formatDollars(option.price, i18n.language),
                }),
          }))}
          value={chosen === null ? '' : String(chosen)}
          onChange={(value) => setChosen(Number(value))}
        />
      )}
    </PaidActionModal>
  );
};
