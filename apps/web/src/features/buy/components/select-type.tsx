import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/config/paths';
import { BuyStep } from './buy-step';

export const SelectType = () => {
  const { t } = useTranslation('buy');
  return (
    <BuyStep headingId="buy-select-type" title={t('select_type.title')}>
      <div className="buy-cards buy-cards--two">
        <Link className="buy-card panel buy-card--link" to={`${paths.cabinet.buy}/dynamic-pools`}>
          <span className="buy-card__title">{t('select_type.dynamic')}</span>
          <span className="buy-card__text">{t('select_type.dynamic_text')}</span>
        </Link>
        <Link className="buy-card panel buy-card--link" to={`${paths.cabinet.buy}/isp`}>
          <span className="buy-card__title">{t('select_type.isp')}</span>
          <span className="buy-card__text">{t('select_type.isp_text')}</span>
        </Link>
      </div>
    </BuyStep>
  );
};
