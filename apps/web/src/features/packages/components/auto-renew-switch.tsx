import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/ui';

export type AutoRenewSwitchProps = {
  /** The server's value. */
  isOn: boolean;
  isDisabled: boolean;
  /** Stores the new value; resolves once the package data carries it. */
  save: (isOn: boolean) => Promise<unknown>;
};

/**
 * The auto-renewal switch (spec section 4): it flips at once, calls the server, and goes back
 * with packages:auto_renewal.error when the call fails.
 */
export const AutoRenewSwitch = ({ isOn, isDisabled, save }: AutoRenewSwitchProps) => {
  const { t } = useTranslation('packages');
  const labelId = useId();
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const shown = flipped ?? isOn;
  const toggle = async () => {
    const next = !shown;
    setFlipped(next);
    try {
      await save(next);
    } catch {
      showAlert.error(t('auto_renewal.error'));
    }
    setFlipped(null);
  };
  return (
    <div className="auto-renew">
      <span id={labelId} className="auto-renew__label">
        {t('auto_renewal.label')}
      </span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={shown}
        aria-labelledby={labelId}
        disabled={isDisabled || flipped !== null}
        onClick={() => void toggle()}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </div>
  );
};
