import { formatDollars } from '@proxy/contract';
import { BuyStep } from './buy-step';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/config/paths';
import { tariffName } from '../../../shared/lib/catalogue-names';
import { useDynamicTariffs } from '../api/get-dynamic-tariffs';
import { useBasketChoice } from '../stores/basket-store';
import { CardsSkeleton, FetchError } from './skeletons';
import { CartLink } from './cart-link';

/** Base (type 1) or Premium (type 4) tariff cards; choosing one stores it in the basket. */
export const DynamicTariffs = ({
  pool,
  isPriceHidden,
}: {
  pool: 'base' | 'premium';
  isPriceHidden: boolean;
}) => {
  const { t, i18n } = useTranslation('buy');
  const flow = pool === 'base' ? 'dynamic' : 'premium';
  const query = useDynamicTariffs(pool === 'base' ? 1 : 4);
  const { chosen, setItem } = useBasketChoice(flow);
  const selectedId = chosen?.tariff_id ?? null;

  const title = t(pool === 'base' ? 'dynamic_tariff.title_base' : 'dynamic_tariff.title_premium');

  return (
    <BuyStep
      headingId="buy-dynamic"
      title={title}
      back={{ to: `${paths.cabinet.buy}/dynamic-pools`, label: t('dynamic_tariff.back') }}
    >
      {query.isPending && <CardsSkeleton />}
      {query.isError && <FetchError onRetry={() => void query.refetch()} />}
      {query.data && (
        <ul className="buy-cards" aria-label={title}>
          {query.data.map((tariff) => {
            const isSelected = tariff.id === selectedId;
            return (
              <li key={tariff.id}>
                <button
                  type="button"
                  className={`buy-card panel buy-card--choice${isSelected ? ' buy-card--selected' : ''}`}
                  aria-pressed={isSelected}
                  onClick={() =>
                    setItem({
                      flow,
                      tariff_id: tariff.id,
                      tariff: { family: flow, trafficGb: tariff.traffic },
                      price_per: tariff.per_gb,
                      total_price: tariff.price,
                      period: tariff.period_days,
                      details: [{ key: 'period', value: String(tariff.period_days) }],
                      payload: { tariff_id: tariff.id },
                    })
                  }
                >
                  <span className="buy-card__title">
                    {tariffName({ family: flow, trafficGb: tariff.traffic })}
                  </span>
                  <span className="buy-card__text">
                    {t('dynamic_tariff.traffic', { traffic: tariff.traffic })}
                  </span>
                  {!isPriceHidden && (
                    <>
                      <span className="buy-card__price">
                        {formatDollars(tariff.price, i18n.language)}
                      </span>
                      <span className="buy-card__text">
                        {t('dynamic_tariff.per_gb', {
                          price: formatDollars(tariff.per_gb, i18n.language),
                        })}
                      </span>
                    </>
                  )}
                  <span className="buy-card__text">{t('dynamic_tariff.period')}</span>
                  <span className="buy-card__action">
                    {isSelected ? t('dynamic_tariff.chosen') : t('dynamic_tariff.choose')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <CartLink isSelected={selectedId !== null} errorKey="dynamic_tariff.errors.select_tariff" />
    </BuyStep>
  );
};
