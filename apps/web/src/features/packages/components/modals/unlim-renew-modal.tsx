import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars, periodEnd } from '@proxy/contract';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { usePromoCheck, type AppliedPromo } from '../../../../shared/api/check-coupon';
import { PromoCodeFields } from '../../../../shared/ui';
import { useRenewUnlim } from '../../api/renew-unlim';
import { PaidActionModal } from './paid-action-modal';

export type UnlimRenewModalProps = {
  /**
   * The package renewed; `price` (dollars) is null where prices are hidden; it expires at
   * `expiresAt` and one more period is `periodDays` long.
   */
  pkg: {
    id: number;
    name: string;
    tariffId: number;
    price: number | null;
    expiresAt: string | null;
    periodDays: number;
  };
  onClose: () => void;
};

/**
 * Renew an unlimited package, with the promo code form (spec section 4 "Promo"): submitting
 * checks the code; a failure shows the error and clears the promo; an empty code is ignored.
 */
export const UnlimRenewModal = ({ pkg, onClose }: UnlimRenewModalProps) => {
  const { id, name, tariffId, price, expiresAt, periodDays } = pkg;
  const { t, i18n } = useTranslation('packages');
  const renew = useRenewUnlim();
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const check = usePromoCheck(setPromo, t('promo.invalid'));
  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    check.apply({ tariffId, code });
  };

  const shownPrice = price === null ? null : (promo?.price ?? price);
  return (
    <PaidActionModal
      texts="extends"
      errorText={t('extends.errors.extend_package')}
      mutation={renew}
      variables={{ id, promo: promo?.name ?? null }}
      onClose={onClose}
    >
      <p>{t('extends.text', { name })}</p>
      <form className="packages-promo" noValidate onSubmit={applyPromo}>
        <PromoCodeFields code={code} onCodeChange={setCode} check={check} />
      </form>
      <p>
        {t('extends.until', {
          date: formatDateTime(periodEnd(expiresAt, periodDays).toISOString(), i18n.language),
        })}
      </p>
      {promo && <p role="status">{t('promo.applied', { name: promo.name })}</p>}
      {shownPrice !== null && (
        <p className="packages-price">
          {t('modals.price', { price: formatDollars(shownPrice, i18n.language) })}
        </p>
      )}
    </PaidActionModal>
  );
};
