import { useTranslation } from 'react-i18next';
import { formatDollars, type DynamicPackage } from '@proxy/contract';
import { tariffName } from '../../../../shared/lib/catalogue-names';
import { ModalButton } from '../../../../shared/ui';
import { UpgradeModal } from '../modals/upgrade-modal';

/** The dynamic panel's upgrade offer: the next larger tariff at its discounted price. */
export const UpgradeOffer = ({
  packageId,
  offer,
  isRestricted,
}: {
  packageId: number;
  offer: NonNullable<DynamicPackage['package_upgrade']>;
  isRestricted: boolean;
}) => {
  const { t, i18n } = useTranslation('packages');
  // The offer is the next tariff of the dynamic (Base) family, the only one its panel offers.
  const name = tariffName({ family: 'dynamic', trafficGb: offer.tariff.traffic });
  return (
    <div className="cluster package-panel__bar">
      <p>
        {isRestricted
          ? t('upgrade_offer.text_no_price', { name })
          : t('upgrade_offer.text', {
              name,
              percent: offer.package_discount,
              price: formatDollars(offer.price, i18n.language),
            })}
      </p>
      <ModalButton
        size="sm"
        variant="secondary"
        modal={(close) => (
          <UpgradeModal
            packageId={packageId}
            name={name}
            offer={offer}
            isPriceHidden={isRestricted}
            onClose={close}
          />
        )}
      >
        {t('upgrade_offer.open')}
      </ModalButton>
    </div>
  );
};
