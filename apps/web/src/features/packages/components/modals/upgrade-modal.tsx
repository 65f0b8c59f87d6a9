import { useTranslation } from 'react-i18next';
import {
  DYNAMIC_PERIOD_DAYS,
  formatDollars,
  periodEnd,
  type DynamicPackage,
} from '@proxy/contract';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { useUpgradePackage } from '../../api/upgrade-package';
import { PaidActionModal } from './paid-action-modal';

export type UpgradeModalProps = {
  packageId: number;
  /** The offered tariff's name. */
  name: string;
  offer: NonNullable<DynamicPackage['package_upgrade']>;
  isPriceHidden: boolean;
  onClose: () => void;
};

/**
 * Upgrade to the offered larger tariff at its discounted price (spec: price minus percent). As
 * the API does it, the upgrade starts a new 30-day period now with the new tariff's traffic and
 * a counter back at 0: the modal says so.
 */
export const UpgradeModal = ({
  packageId,
  name,
  offer,
  isPriceHidden,
  onClose,
}: UpgradeModalProps) => {
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
      <p>{t('modals.upgrade.text', { name, percent: offer.package_discount })}</p>
      <p>
        {t('modals.upgrade.restart', {
          days: DYNAMIC_PERIOD_DAYS,
          date: formatDateTime(periodEnd(null, DYNAMIC_PERIOD_DAYS).toISOString(), i18n.language),
          traffic: offer.tariff.traffic,
        })}
      </p>
      {!isPriceHidden && (
        <p className="packages-price">
          {t('modals.price', { price: formatDollars(offer.price, i18n.language) })}
        </p>
      )}
    </PaidActionModal>
  );
};
