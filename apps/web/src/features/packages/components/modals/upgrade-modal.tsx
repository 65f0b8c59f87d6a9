import { useTranslation } from 'react-i18next';
import { formatDollars, type DynamicPackage } from '@proxy/contract';
import { useUpgradePackage } from '../../api/upgrade-package';
import { PaidActionModal } from './paid-action-modal';

export type UpgradeModalProps = {
  packageId: number;
  offer: NonNullable<DynamicPackage['package_upgrade']>;
  isPriceHidden: boolean;
  onClose: () => void;
};

/** Upgrade to the offered larger tariff at its discounted price (spec: price minus percent). */
export const UpgradeModal = ({ packageId, offer, isPriceHidden, onClose }: UpgradeModalProps) => {
  const { t, i18n } = useTranslation('packages');
  const upgrade = useUpgradePackage();
  return (
    <PaidActionModal
      texts="modals.upgrade"
      errorText={t('modals.upgrade.error')}
      mutation={upgrade}
      variables={{ id: packageId, tariffId: offer.tariff.id }}
      onClose={onClose}
    >
      <p>
        {t('modals.upgrade.text', { name: offer.tariff.title, percent: offer.package_discount })}
      </p>
      {!isPriceHidden && (
        <p className="packages-price">
          {t('modals.price', { price: formatDollars(offer.price, i18n.language) })}
        </p>
      )}
    </PaidActionModal>
  );
};
