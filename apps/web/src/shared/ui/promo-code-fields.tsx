import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Input } from './input';

export type PromoCodeFieldsProps = {
  code: string;
  onCodeChange: (code: string) => void;
  /** The code's check: its error line and whether it runs. */
  check: { error: string | undefined; isPending: boolean };
};

/** A promo code's input and its Apply (submit) button, inside the caller's form (spec section 4). */
export const PromoCodeFields = ({ code, onCodeChange, check }: PromoCodeFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <Input
        label={t('ui.promo_code')}
        value={code}
        onChange={(event) => onCodeChange(event.target.value)}
        error={check.error}
        autoComplete="off"
      />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        isLoading={check.isPending}
        disabled={check.isPending}
      >
        {t('ui.promo_apply')}
      </Button>
    </>
  );
};
