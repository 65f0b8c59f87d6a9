import { SKELETON_CARDS, SKELETON_PERIODS } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

/** Blank items standing in for a step's choices while they load. */
const Placeholders = ({
  className,
  itemClassName,
  count,
}: {
  className: string;
  itemClassName: string;
  count: number;
}) => {
  const { t } = useTranslation('buy');
  return (
    <div className={className} aria-busy="true" aria-label={t('loading')} role="status">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={itemClassName} />
      ))}
    </div>
  );
};

export const CardsSkeleton = () => (
  <Placeholders
    className="buy-cards"
    itemClassName="buy-card panel buy-card--skeleton"
    count={SKELETON_CARDS}
  />
);

export const PeriodsSkeleton = () => (
  <Placeholders
    className="cluster"
    itemClassName="buy-option buy-option--skeleton"
    count={SKELETON_PERIODS}
  />
);

export const FetchError = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation('buy');
  return (
    <div className="alert alert--error" role="alert">
      <span>{t('errors.fetch')}</span>{' '}
      <button type="button" className="btn btn--link btn--sm" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
};
