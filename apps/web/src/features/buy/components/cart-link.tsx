import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui';
import { paths } from '../../../shared/config/paths';
import { useIsLargeScreen } from '../hooks/use-is-large-screen';
import { useRegisterChoiceCheck } from '../hooks/use-choice-check';

type ErrorKey =
  | 'dynamic_tariff.errors.select_tariff'
  | 'errors.speed_required'
  | 'errors.location_required'
  | 'errors.select_tariff';

/**
 * Below the large breakpoint the cart is its own page: this button leads there (or says what is
 * missing). On a large screen the order summary's Buy asks the same check, and the missing
 * choice is named here.
 */
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
  const showMissing = () => {
    setTried(true);
    onInvalid?.();
  };
  useRegisterChoiceCheck(showMissing);
  const missing = isTried && !isSelected && !onInvalid && (
    <p className="form-error" role="alert">
      {t(errorKey)}
    </p>
  );
  if (isLarge) return missing || null;
  return (
    <div className="buy-cart-link">
      <Button
        type="button"
        onClick={() => {
          if (isSelected) void navigate(`${paths.cabinet.buy}/cart`);
          else showMissing();
        }}
      >
        {t('cart.open')}
      </Button>
      {missing}
    </div>
  );
};
