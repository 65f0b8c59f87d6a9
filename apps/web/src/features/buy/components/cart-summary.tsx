import { formatDollars } from '@proxy/contract';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, showAlert } from '../../../shared/ui';
import { paths } from '../../../shared/config/paths';
import { isApiError } from '../../../shared/api/api-error';
import { trackEvent } from '../../../shared/analytics/analytics';
import { useBuyPackage } from '../api/buy';
import { useAccount } from '../api/get-account';
import { useBasketStore, type BasketItem } from '../stores/basket-store';
import { countryName, locationName, tariffName } from '../../../shared/lib/catalogue-names';
import { newIdempotencyKey } from '../../../shared/lib/idempotency-key';
import { missingDollars } from '../utils/money';
import { useChoiceCheck } from '../hooks/use-choice-check';
import { PromoForm } from './promo-form';

const DetailValue = ({ detail }: { detail: BasketItem['details'][number] }) => {
  const { t } = useTranslation('buy');
  switch (detail.key) {
    case 'period':
      return <>{t(`periods.${detail.value}` as 'periods.30', { defaultValue: detail.value })}</>;
    case 'speed':
      return <>{t('unlimited.speed_value', { speed: detail.value })}</>;
    case 'auth':
      return <>{t(detail.value === 'ip' ? 'isp.auth.ip' : 'isp.auth.login')}</>;
    case 'protocol':
      return <>{t(detail.value === 'socks' ? 'isp.protocol.socks' : 'isp.protocol.http')}</>;
    case 'country':
      return <>{countryName(detail.iso2)}</>;
    case 'location':
      return <>{locationName(detail.iso2, detail.city)}</>;
    default:
      return <>{detail.value}</>;
  }
};

/** The order summary: beside the selection on large screens, its own page below. */
export const CartSummary = () => {
  const { t, i18n } = useTranslation('buy');
  const navigate = useNavigate();
  const item = useBasketStore((state) => state.item);
  const promo = useBasketStore((state) => state.promo);
  const setPromo = useBasketStore((state) => state.setPromo);
  const markPurchased = useBasketStore((state) => state.markPurchased);
  const account = useAccount();
  const buy = useBuyPackage();
  const attemptKey = useRef<string | null>(null);
  const checkChoice = useChoiceCheck();
  const shortId = useId();
  /** The last purchase's failure, shown while the order it was for is on screen. */
  const [failure, setFailure] = useState<{ order: string; message: string } | null>(null);

  if (!item)
    return (
      <div className="buy-cart panel">
        <h2 className="section-title">{t('cart.title')}</h2>
        <p className="buy-cart__empty">{t('cart.empty')}</p>
        {checkChoice && (
          <Button type="button" className="btn--block" onClick={checkChoice}>
            {t('cart.buy')}
          </Button>
        )}
      </div>
    );

  const total = promo ? promo.price : item.total_price;
  const missing = missingDollars(total, account.balance);
  const hidePrices = account.isRestricted;
  const isShort = !hidePrices && account.isLoaded && missing > 0;
  const order = `${item.flow}-${item.tariff_id}-${item.period}-${promo?.name ?? ''}`;
  const failureText = failure?.order === order ? failure.message : null;

  const onBuy = () => {
    attemptKey.current ??= newIdempotencyKey();
    setFailure(null);
    buy.mutate(
      { item, promo: promo?.name ?? null, idempotencyKey: attemptKey.current },
      {
        onSuccess: (response) => {
          attemptKey.current = null;
          showAlert.success(response.message || t('cart.bought'));
          markPurchased();
          trackEvent('purchase', { product: item.flow });
          void navigate(paths.cabinet.packages);
        },
        onError: (error) => {
          attemptKey.current = null;
          // One alert per failure, in the cart: a short balance turns into the top-up offer
          // once the balance is read again, any other failure stays as the server said it.
          const message = isApiError(error) && error.message ? error.message : t('errors.buying');
          setFailure({ order, message });
          if (isApiError(error) && error.code === 'PROMO_INVALID') setPromo(null);
          if (isApiError(error) && error.code === 'BALANCE_SHORT') void account.refetch();
        },
      },
    );
  };

  return (
    <div className="buy-cart panel">
      <h2 className="section-title">{t('cart.title')}</h2>
      <dl className="buy-cart__lines">
        <div>
          <dt>{t('cart.family')}</dt>
          <dd>{t(`cart.families.${item.flow}`)}</dd>
        </div>
        <div>
          <dt>{t('cart.tariff')}</dt>
          <dd>{tariffName(item.tariff)}</dd>
        </div>
        {item.details.map((detail) => (
          <div key={detail.key}>
            <dt>{t(`cart.${detail.key}`)}</dt>
            <dd>
              <DetailValue detail={detail} />
            </dd>
          </div>
        ))}
        {!hidePrices && (
          <div>
            <dt>{t('cart.price')}</dt>
            <dd>{formatDollars(item.total_price, i18n.language)}</dd>
          </div>
        )}
        {!hidePrices && promo && (
          <div>
            <dt>{t('cart.discount', { name: promo.name })}</dt>
            <dd>−{formatDollars(item.total_price - promo.price, i18n.language)}</dd>
          </div>
        )}
      </dl>
      <PromoForm key={`${item.flow}-${item.tariff_id}-${item.period}`} item={item} />
      {!hidePrices && (
        <p className="buy-cart__total">
          <span>{t('cart.total')}</span>{' '}
          <strong data-testid="cart-total">{formatDollars(total, i18n.language)}</strong>
        </p>
      )}
      {!hidePrices && account.isLoaded && (
        <p className="buy-cart__balance">
          {t('cart.balance')}: {formatDollars(account.balance, i18n.language)}
        </p>
      )}
      {isShort ? (
        <Alert type="warning">
          <p>
            <span id={shortId}>
              {t('cart.missing', { missing: formatDollars(missing, i18n.language) })}
            </span>{' '}
            <Link to={`${paths.cabinet.topUp}?amount=${missing}`}>
              {t('cart.top_up', { amount: formatDollars(missing, i18n.language) })}
            </Link>
          </p>
        </Alert>
      ) : (
        failureText && <Alert type="error">{failureText}</Alert>
      )}
      <Button
        type="button"
        className="btn--block"
        onClick={onBuy}
        isLoading={buy.isPending}
        disabled={buy.isPending || isShort}
        aria-describedby={isShort ? shortId : undefined}
      >
        {t('cart.buy')}
      </Button>
    </div>
  );
};
