import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PromoCodeFields } from '../../../shared/ui';
import { usePromoCheck } from '../../../shared/api/check-coupon';
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
  const check = usePromoCheck(
    (applied) =>
      setPromo(
        applied && {
          name: applied.name,
          price: applied.price,
          percent: applied.percent,
          per_gb: applied.per_gb,
        },
      ),
    t('errors.buying'),
  );
  const [code, setCode] = useState(promo?.name ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.apply({
      tariffId: item.tariff_id,
      code,
      period: item.flow === 'isp' ? item.period : undefined,
    });
  };

  return (
    <form className="buy-promo" onSubmit={submit} noValidate>
      <PromoCodeFields code={code} onCodeChange={setCode} check={check} />
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
