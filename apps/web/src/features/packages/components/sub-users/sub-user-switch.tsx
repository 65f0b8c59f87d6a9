import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubUser } from '@proxy/contract';
import { showAlert } from '../../../../shared/ui';
import { useUpdateSubUser } from '../../api/update-sub-user';

/** The on/off switch drawn like the auto-renewal one (`.switch`). */
export const Switch = ({
  isOn,
  label,
  isDisabled = false,
  onToggle,
}: {
  isOn: boolean;
  label: string;
  isDisabled?: boolean;
  onToggle: () => void;
}) => (
  <button
    type="button"
    role="switch"
    className="switch"
    aria-checked={isOn}
    aria-label={label}
    disabled={isDisabled}
    onClick={onToggle}
  >
    <span className="switch__thumb" aria-hidden="true" />
  </button>
);

/**
 * A sub-user's switch in its row: it flips at once, sends `enabled`, and goes back with an alert
 * when the call fails (a switched-off sub-user is cut by the gateway at once).
 */
export const SubUserSwitch = ({ subUser }: { subUser: SubUser }) => {
  const { t } = useTranslation('packages');
  const update = useUpdateSubUser();
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const toggle = async () => {
    const next = !(flipped ?? subUser.enabled);
    setFlipped(next);
    try {
      await update.mutateAsync({
        packageId: subUser.package_id,
        subUserId: subUser.id,
        body: { enabled: next },
      });
    } catch {
      showAlert.error(t('sub_users.switch_error'));
    }
    setFlipped(null);
  };
  return (
    <Switch
      isOn={flipped ?? subUser.enabled}
      label={t('sub_users.switch_label', { name: subUser.name })}
      isDisabled={flipped !== null}
      onToggle={() => void toggle()}
    />
  );
};
