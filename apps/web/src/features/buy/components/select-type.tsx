import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/config/paths';

export const SelectType = () => {
  const { t } = useTranslation('buy');
  return (
    <section className="buy-step" aria-labelledby="buy-select-type">
      <h2 id="buy-select-type" className="section-title">
        {t('select_type.title')}
      </h2>
      <div className="buy-cards buy-cards--two">
        <Link className="buy-card buy-card--link" to={`${paths.cabinet.buy}/dynamic-pools`}>
          <span className="buy-card__title">{t('select_type.dynamic')}</span>
          <span className="buy-card__text">{t('select_type.dynamic_text')}</span>
        </Link>
        <Link className="buy-card buy-card--link" to={`${paths.cabinet.buy}/isp`}>
          <span className="buy-card__title">{t('select_type.isp')}</span>
          <span className="buy-card__text">{t('select_type.isp_text')}</span>
        </Link>
      </div>
    </section>
  );
};
