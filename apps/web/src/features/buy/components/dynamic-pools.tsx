import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { POOL_FROM_PRICES } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/format-money';

const POOLS = [
  { id: 'base', price: POOL_FROM_PRICES.base },
  { id: 'premium', price: POOL_FROM_PRICES.premium },
  { id: 'unlimited', price: POOL_FROM_PRICES.unlimited },
] as const;

export const DynamicPools = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t } = useTranslation('buy');
  return (
    <section className="buy-step" aria-labelledby="buy-pools">
      <Link className="buy-back" to={`${paths.cabinet.buy}/select-type`}>
        ← {t('pools.back')}
      </Link>
      <h2 id="buy-pools" className="section-title">
        {t('pools.title')}
      </h2>
      <div className="buy-cards">
        {POOLS.map((pool) => (
          <Link
            key={pool.id}
            className="buy-card buy-card--link"
            to={`${paths.cabinet.buy}/dynamic-pools/${pool.id}`}
          >
            <span className="buy-card__title">{t(`pools.${pool.id}`)}</span>
            <span className="buy-card__text">{t(`pools.${pool.id}_text`)}</span>
            {!isPriceHidden && (
              <span className="buy-card__price">
                {t('pools.from', { price: formatMoney(pool.price) })}
              </span>
            )}
          </Link>
        ))}
      </div>
    </section>
  );
};
