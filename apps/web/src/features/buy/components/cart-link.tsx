import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui';
import { paths } from '../../../shared/config/paths';
import { useIsLargeScreen } from '../hooks/use-is-large-screen';

type ErrorKey =
  | 'dynamic_tariff.errors.select_tariff'
  | 'errors.speed_required'
  | 'errors.location_required'
  | 'errors.select_tariff';

/** Below the large breakpoint the cart is its own page: this button leads there (or says what is missing). */
export const CartLink = ({
  isSelected,
  errorKey,
  onInvalid,
}: {
  isSelected: boolean;
  errorKey: ErrorKey;
  onInvalid?: () => void;
}) => {
  const { t } = useTranslation('buy');
  const isLarge = useIsLargeScreen();
  const navigate = useNavigate();
  const [isTried, setTried] = useState(false);
  if (isLarge) return null;
  return (
    <div className="buy-cart-link">
      <Button
        type="button"
        onClick={() => {
          if (isSelected) void navigate(`${paths.cabinet.buy}/cart`);
          else {
            setTried(true);
            onInvalid?.();
          }
        }}
      >
        {t('cart.open')}
      </Button>
      {isTried && !isSelected && !onInvalid && (
        <p className="form-error" role="alert">
          {t(errorKey)}
        </p>
      )}
    </div>
  );
};
