import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/api-error';
import { packageTariffName, type NamedPackage } from '../../../../shared/lib/catalogue-names';
import { Alert } from '../../../../shared/ui';
import { useRestorePackage } from '../../api/restore-package';
import { PaidActionModal } from './paid-action-modal';

export type RestoreModalProps = {
  pkg: NamedPackage & { id: number };
  onClose: () => void;
};

/**
 * Restore a suspended package for the 30-day price. An answer with success false is shown
 * here as an info alert (the server's reason); a failure as the restore error.
 */
export const RestoreModal = ({ pkg, onClose }: RestoreModalProps) => {
  const { t } = useTranslation('packages');
  const restore = useRestorePackage();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The client turns an answer with success false into an error carrying its status (200).
  const showRefusal = (failure: unknown) => {
    if (!isApiError(failure) || failure.status !== 200) return false;
    setRefusal(failure.message);
    return true;
  };
  return (
    <PaidActionModal
      texts="modals.restore"
      errorText={t('modals.restore.errors.fetch')}
      mutation={restore}
      variables={{ id: pkg.id }}
      onClose={onClose}
      onRefusal={showRefusal}
      isConfirmDisabled={refusal !== null}
    >
      <p>{t('modals.restore.text', { name: packageTariffName(pkg) })}</p>
      {refusal && <Alert type="info">{refusal}</Alert>}
    </PaidActionModal>
  );
};
