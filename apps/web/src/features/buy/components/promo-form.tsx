import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../../shared/ui';
import { useCheckCoupon } from '../../../shared/api/check-coupon';
import { useBasketStore, type BasketItem } from '../stores/basket-store';

/**
 * Promo rules (spec section 4): submitting validates the code; a failure shows the error and
 * clears the promo; an empty code after trimming is ignored; the store resets the promo on a
 * new tariff or period.
 */
export const PromoForm = ({ item }: { item: BasketItem }) => {
  const { t } = useTranslation('buy');
  const promo = useBasketStore((state) => state.promo);
  const setPromo = useBasketStore((state) => state.setPromo);
  const check = useCheckCoupon();
  const [code, setCode] = useState(promo?.name ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    check.mutate(
      {
        tariffId: item.tariff_id,
        code: trimmed,
        period: item.flow === 'isp' ? item.period : undefined,
      },
      {
        onSuccess: (result) => {
          if (result.can_use) {
            setError(undefined);
            setPromo({
              name: trimmed,
              price: result.price,
              percent: result.percent,
              per_gb: result.per_gb,
            });
          } else {
            setError(result.message || t('errors.buying'));
            setPromo(null);
          }
        },
        onError: (failure) => {
          setError(failure.message);
          setPromo(null);
        },
      },
    );
  };

  return (
    <form className="buy-promo" onSubmit={submit} noValidate>
      <Input
        label={t('promo.label')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        autoComplete="off"
      />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        isLoading={check.isPending}
        disabled={check.isPending}
      >
        {t('promo.apply')}
      </Button>
      {promo && (
        <p className="buy-promo__applied" role="status">
          {t('promo.applied', { name: promo.name })}{' '}
          <button
            type="button"
            className="btn btn--link btn--sm"
            onClick={() => {
              setPromo(null);
              setCode('');
            }}
          >
            {t('promo.remove')}
          </button>
        </p>
      )}
    </form>
  );
};
