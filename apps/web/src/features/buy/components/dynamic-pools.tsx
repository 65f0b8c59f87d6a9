import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cheapestTariff, formatDollars } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { useDynamicTariffs } from '../api/get-dynamic-tariffs';
import { useUnlimTariffs } from '../api/get-unlim-tariffs';
import { BuyStep } from './buy-step';

/**
 * The three pools, each card with the price of its cheapest tariff from the catalogue; the
 * unlimited card names that plan's period too, the one its page opens on (decision 159).
 */
export const DynamicPools = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t, i18n } = useTranslation('buy');
  const base = cheapestTariff(useDynamicTariffs(1).data ?? []);
  const premium = cheapestTariff(useDynamicTariffs(4).data ?? []);
  const unlimited = cheapestTariff(useUnlimTariffs().data ?? []);
  const fromPrice = (price: number) => formatDollars(price, i18n.language);
  const pools = [
    { id: 'base', from: base && t('pools.from', { price: fromPrice(base.price) }) },
    { id: 'premium', from: premium && t('pools.from', { price: fromPrice(premium.price) }) },
    {
      id: 'unlimited',
      from:
        unlimited &&
        t('pools.from_period', {
          price: fromPrice(unlimited.price),
          period: t(`periods.${unlimited.duration_days}` as 'periods.30', {
            defaultValue: String(unlimited.duration_days),
          }),
        }),
    },
  ] as const;
  return (
    <BuyStep
      headingId="buy-pools"
      title={t('pools.title')}
      back={{ to: `${paths.cabinet.buy}/select-type`, label: t('pools.back') }}
    >
      <div className="buy-cards">
        {pools.map((pool) => (
          <Link
            key={pool.id}
            className="buy-card panel buy-card--link"
            to={`${paths.cabinet.buy}/dynamic-pools/${pool.id}`}
          >
            <span className="buy-card__title">{t(`pools.${pool.id}`)}</span>
            <span className="buy-card__text">{t(`pools.${pool.id}_text`)}</span>
            {!isPriceHidden && pool.from && <span className="buy-card__price">{pool.from}</span>}
          </Link>
        ))}
      </div>
    </BuyStep>
  );
};
