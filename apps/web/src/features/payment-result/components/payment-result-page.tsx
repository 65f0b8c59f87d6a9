import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDollars } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { Button, SupportLink } from '../../../shared/ui';
import './payment-result.css';

export type PaymentResultPageProps = {
  balance: number | undefined;
  onRetry: () => void;
  isRetrying: boolean;
};

/** /cabinet/payment?result=success|... (spec 000 "Top-up result page"). */
export const PaymentResultPage = ({ balance, onRetry, isRetrying }: PaymentResultPageProps) => {
  const { t, i18n } = useTranslation('top-up');
  const [params] = useSearchParams();
  const isSuccess = params.get('result') === 'success';
  return (
    <div className="stack payment-result">
      <h1 className="page-title">{t('result.title')}</h1>
      <section
        className={`card stack payment-result__card payment-result__card--${isSuccess ? 'success' : 'error'}`}
      >
        <p className="payment-result__balance">
          {t('result.balance')}:{' '}
          <strong data-testid="payment-balance">
            {balance === undefined ? '…' : formatDollars(balance, i18n.language)}
          </strong>
        </p>
        {isSuccess ? (
          <>
            <h2 className="section-title">{t('result.success_title')}</h2>
            <p>{t('result.success_text')}</p>
            <div>
              <Link className="btn btn--primary btn--md" to={paths.cabinet.buy}>
                {t('result.buy')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <h2 className="section-title">{t('result.error_title')}</h2>
            <p>{t('result.error_text_1')}</p>
            <p>
              <Trans
                t={t}
                i18nKey="result.error_text_2"
                components={{ support: <SupportLink /> }}
              />
            </p>
            <div className="payment-result__actions">
              <Link className="btn btn--secondary btn--md" to={paths.cabinet.topUp}>
                {t('result.back')}
              </Link>
              <Button type="button" onClick={onRetry} isLoading={isRetrying} disabled={isRetrying}>
                {t('result.retry')}
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  );
};
