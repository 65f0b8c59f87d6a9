import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/config/paths';
import { useIsLargeScreen } from '../hooks/use-is-large-screen';
import { useBasketStore } from '../stores/basket-store';
import { ChoiceCheckProvider } from '../hooks/use-choice-check';
import { CartSummary } from './cart-summary';
import '../buy.css';
import { Redirect } from '../../../shared/ui/redirect';

/** /cabinet/buy/*: the selection, with the order summary beside it on large screens. */
export const BuyLayout = () => {
  const { t } = useTranslation('buy');
  const isLarge = useIsLargeScreen();
  const { pathname } = useLocation();
  const isCart = pathname.replace(/\/+$/, '').endsWith('/cart');
  // Entering the buy flow after a purchase starts with an empty basket.
  useEffect(() => {
    const basket = useBasketStore.getState();
    if (basket.isPurchased) basket.clear();
  }, []);
  return (
    <div className="buy-page">
      <h1 className="page-title">{t('title')}</h1>
      {isCart ? (
        <Outlet />
      ) : (
        <ChoiceCheckProvider>
          <div className={isLarge ? 'buy-page__grid' : 'buy-page__single'}>
            <div className="buy-page__main">
              <Outlet />
            </div>
            {isLarge && (
              <aside className="buy-page__cart" aria-label={t('cart.title')}>
                <CartSummary />
              </aside>
            )}
          </div>
        </ChoiceCheckProvider>
      )}
    </div>
  );
};

/** Below the large breakpoint: the cart page with breadcrumbs; otherwise back to /cabinet/buy. */
export const CartPage = () => {
  const { t } = useTranslation('buy');
  const isLarge = useIsLargeScreen();
  const item = useBasketStore((state) => state.item);
  if (isLarge || !item) return <Redirect to={paths.cabinet.buy} replace />;
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
        <ol>
          <li>
            <Link to={paths.cabinet.buy}>{t('breadcrumbs.buy')}</Link>
          </li>
          <li aria-current="page">{t('breadcrumbs.cart')}</li>
        </ol>
      </nav>
      <CartSummary />
    </>
  );
};
