import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '@proxy/contract';
import { useCheckCoupon } from '../../../../shared/api/check-coupon';
import { Button, Input } from '../../../../shared/ui';
import { useRenewUnlim } from '../../api/renew-unlim';
import { actionErrorText } from '../../utils/action-error';
import { PaidActionModal } from './paid-action-modal';

export type UnlimRenewModalProps = {
  packageId: number;
  name: string;
  tariffId: number;
  /** The renewal price in dollars, or null where prices are hidden. */
  price: number | null;
  onClose: () => void;
};

type AppliedPromo = { name: string; price: number };

/**
 * Renew an unlimited package, with the promo code form (spec section 4 "Promo"): submitting
 * checks the code; a failure shows the error and clears the promo; an empty code is ignored.
 */
export const UnlimRenewModal = ({
  packageId,
  name,
  tariffId,
  price,
  onClose,
}: UnlimRenewModalProps) => {
  const { t } = useTranslation('packages');
  const renew = useRenewUnlim();
  const check = useCheckCoupon();
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [promoError, setPromoError] = useState<string | undefined>();

  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    check.mutate(
      { tariffId, code: trimmed },
      {
        onSuccess: (result) => {
          if (result.can_use) {
            setPromoError(undefined);
            setPromo({ name: trimmed, price: result.price });
          } else {
            setPromoError(result.message || t('promo.invalid'));
            setPromo(null);
          }
        },
        onError: (failure) => {
          setPromoError(actionErrorText(failure, t('promo.invalid')));
          setPromo(null);
        },
      },
    );
  };

  const shownPrice = price === null ? null : (promo?.price ?? price);
  return (
    <PaidActionModal
      texts="extends"
      errorText={t('extends.errors.extend_package')}
      mutation={renew}
      variables={{ id: packageId, promo: promo?.name ?? null }}
      onClose={onClose}
    >
      <p>{t('extends.text', { name })}</p>
      <form className="packages-promo" noValidate onSubmit={applyPromo}>
        <Input
          label={t('promo.label')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={promoError}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" size="sm" isLoading={check.isPending}>
          {t('promo.apply')}
        </Button>
      </form>
      {promo && <p role="status">{t('promo.applied', { name: promo.name })}</p>}
      {shownPrice !== null && (
        <p className="packages-price">{t('modals.price', { price: formatDollars(shownPrice) })}</p>
      )}
    </PaidActionModal>
  );
};
