import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { useConsentStore } from './consent';
import './consent-banner.css';

/** Asks once whether analytics and the live chat may load; the answer stays in local storage. */
export const ConsentBanner = () => {
  const { t } = useTranslation();
  const decide = useConsentStore((state) => state.decide);
  return (
    <section className="consent-banner" role="region" aria-label={t('consent.title')}>
      <p className="consent-banner__text">{t('consent.text')}</p>
      <div className="consent-banner__actions">
        <Button variant="secondary" size="sm" onClick={() => decide('denied')}>
          {t('consent.decline')}
        </Button>
        <Button size="sm" onClick={() => decide('granted')}>
          {t('consent.accept')}
        </Button>
      </div>
    </section>
  );
};
