import { useTranslation } from 'react-i18next';
import { formatDollars, type DynamicPackage } from '@proxy/contract';
import { showAlert } from '../../../../shared/ui';
import { useUpgradePackage } from '../../api/upgrade-package';
import { useAttemptKey } from '../../hooks/use-attempt-key';
import { actionErrorText } from '../../utils/action-error';
import { ActionModal } from './action-modal';

export type UpgradeModalProps = {
  packageId: number;
  offer: NonNullable<DynamicPackage['package_upgrade']>;
  isPriceHidden: boolean;
  onClose: () => void;
};

/** Upgrade to the offered larger tariff at its discounted price (spec: price minus percent). */
export const UpgradeModal = ({ packageId, offer, isPriceHidden, onClose }: UpgradeModalProps) => {
  const { t } = useTranslation('packages');
  const upgrade = useUpgradePackage();
  const attempt = useAttemptKey();
  const confirm = async () => {
    try {
      const result = await upgrade.mutateAsync({
        id: packageId,
        tariffId: offer.tariff.id,
        attemptKey: attempt.current(),
      });
      attempt.reset();
      showAlert.success(result.message || t('modals.upgrade.done'));
      onClose();
    } catch (failure) {
      attempt.reset();
      showAlert.error(actionErrorText(failure, t('modals.upgrade.error')));
    }
  };
  return (
    <ActionModal
      title={t('modals.upgrade.title')}
      onClose={onClose}
      confirmLabel={t('modals.upgrade.confirm')}
      onConfirm={() => void confirm()}
      isPending={upgrade.isPending}
    >
      <p>
        {t('modals.upgrade.text', { name: offer.tariff.title, percent: offer.package_discount })}
      </p>
      {!isPriceHidden && (
        <p className="packages-price">{t('modals.price', { price: formatDollars(offer.price) })}</p>
      )}
    </ActionModal>
  );
};
