import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { POOL_FROM_PRICES, formatDollars } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { BuyStep } from './buy-step';

const POOLS = [
  { id: 'base', price: POOL_FROM_PRICES.base },
  { id: 'premium', price: POOL_FROM_PRICES.premium },
  { id: 'unlimited', price: POOL_FROM_PRICES.unlimited },
] as const;

export const DynamicPools = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t } = useTranslation('buy');
  return (
    <BuyStep
      headingId="buy-pools"
      title={t('pools.title')}
      back={{ to: `${paths.cabinet.buy}/select-type`, label: t('pools.back') }}
    >
      <div className="buy-cards">
        {POOLS.map((pool) => (
          <Link
            key={pool.id}
            className="buy-card panel buy-card--link"
            to={`${paths.cabinet.buy}/dynamic-pools/${pool.id}`}
          >
            <span className="buy-card__title">{t(`pools.${pool.id}`)}</span>
            <span className="buy-card__text">{t(`pools.${pool.id}_text`)}</span>
            {!isPriceHidden && (
              <span className="buy-card__price">
                {t('pools.from', { price: formatDollars(pool.price) })}
              </span>
            )}
          </Link>
        ))}
      </div>
    </BuyStep>
  );
};
