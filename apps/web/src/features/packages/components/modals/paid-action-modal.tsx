import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../../shared/ui';
import { useAttemptKey } from '../../hooks/use-attempt-key';
import { apiErrorText } from '../../../../shared/api/api-error';
import { ActionModal } from './action-modal';

/** The locale group of a paid action: its `title`, `confirm` and `done` texts. */
type PaidActionTexts =
  'extends' | 'modals.upgrade' | 'modals.restore' | 'modals.unlim_residential_upgrade';

/** A change's mutation: it takes the attempt's Idempotency-Key along with its own variables. */
type PaidMutation<V> = {
  mutateAsync: (variables: V & { attemptKey: string }) => Promise<{ message?: string }>;
  isPending: boolean;
};

export type PaidActionModalProps<V> = {
  texts: PaidActionTexts;
  /** What the toast says when the change fails without a message of the server's. */
  errorText: string;
  mutation: PaidMutation<V>;
  /** The change's variables; null while the user has not chosen yet (the button is disabled). */
  variables: V | null;
  onClose: () => void;
  /** A failure the modal shows itself (true when handled): no error toast then. */
  onRefusal?: (failure: unknown) => boolean;
  isConfirmDisabled?: boolean;
  children: ReactNode;
};

/**
 * The modal of a change paid from the balance (extend, renew, upgrade, restore). A repeated
 * press of one attempt sends the same Idempotency-Key, so it is charged once; a success toasts
 * the server's message and closes, a failure toasts its error and the next press is a new
 * attempt (the user may have topped up since).
 */
export const PaidActionModal = <V,>({
  texts,
  errorText,
  mutation,
  variables,
  onClose,
  onRefusal,
  isConfirmDisabled = false,
  children,
}: PaidActionModalProps<V>) => {
  const { t } = useTranslation('packages');
  const attempt = useAttemptKey();
  const confirm = async (chosen: V) => {
    try {
      const result = await mutation.mutateAsync({ ...chosen, attemptKey: attempt.current() });
      attempt.reset();
      showAlert.success(result.message || t(`${texts}.done`));
      onClose();
    } catch (failure) {
      attempt.reset();
      if (!onRefusal?.(failure)) showAlert.error(apiErrorText(failure, errorText));
    }
  };
  return (
    <ActionModal
      title={t(`${texts}.title`)}
      onClose={onClose}
      confirmLabel={t(`${texts}.confirm`)}
      onConfirm={() => {
        if (variables !== null) void confirm(variables);
      }}
      isPending={mutation.isPending}
      isConfirmDisabled={isConfirmDisabled || variables === null}
    >
      {children}
    </ActionModal>
  );
};
