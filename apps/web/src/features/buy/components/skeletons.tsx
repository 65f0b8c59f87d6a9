import { SKELETON_CARDS, SKELETON_PERIODS } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

export const CardsSkeleton = () => {
  const { t } = useTranslation('buy');
  return (
    <div className="buy-cards" aria-busy="true" aria-label={t('loading')} role="status">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index} className="buy-card buy-card--skeleton" />
      ))}
    </div>
  );
};

export const PeriodsSkeleton = () => {
  const { t } = useTranslation('buy');
  return (
    <div className="buy-options" aria-busy="true" aria-label={t('loading')} role="status">
      {Array.from({ length: SKELETON_PERIODS }, (_, index) => (
        <div key={index} className="buy-option buy-option--skeleton" />
      ))}
    </div>
  );
};

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
