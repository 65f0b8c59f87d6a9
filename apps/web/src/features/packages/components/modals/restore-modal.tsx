import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/api-error';
import { Alert, showAlert } from '../../../../shared/ui';
import { useRestorePackage } from '../../api/restore-package';
import { useAttemptKey } from '../../hooks/use-attempt-key';
import { actionErrorText } from '../../utils/action-error';
import { ActionModal } from './action-modal';

export type RestoreModalProps = {
  pkg: { id: number; tariff_name: string };
  onClose: () => void;
};

/**
 * Restore a suspended package for the 30-day price. An answer with success false is shown
 * here as an info alert (the server's reason); a failure as the restore error.
 */
export const RestoreModal = ({ pkg, onClose }: RestoreModalProps) => {
  const { t } = useTranslation('packages');
  const restore = useRestorePackage();
  const attempt = useAttemptKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    try {
      const result = await restore.mutateAsync({ id: pkg.id, attemptKey: attempt.current() });
      attempt.reset();
      showAlert.success(result.message || t('modals.restore.done'));
      onClose();
    } catch (failure) {
      attempt.reset();
      // The client turns an answer with success false into an error carrying its status (200).
      if (isApiError(failure) && failure.status === 200) setRefusal(failure.message);
      else showAlert.error(actionErrorText(failure, t('modals.restore.errors.fetch')));
    }
  };
  return (
    <ActionModal
      title={t('modals.restore.title')}
      onClose={onClose}
      confirmLabel={t('modals.restore.confirm')}
      onConfirm={() => void confirm()}
      isPending={restore.isPending}
      isConfirmDisabled={refusal !== null}
    >
      <p>{t('modals.restore.text', { name: pkg.tariff_name })}</p>
      {refusal && <Alert type="info">{refusal}</Alert>}
    </ActionModal>
  );
};
