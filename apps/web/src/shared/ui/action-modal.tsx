import type { ReactNode } from 'react';
import { Button } from './button';
import { CancelButton } from './cancel-button';
import { Modal } from './modal';

export type ActionModalProps = {
  title: string;
  onClose: () => void;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  isConfirmDisabled?: boolean;
  isDanger?: boolean;
  children: ReactNode;
};

/** An action's confirmation: its content, then Cancel and the action (busy while it runs). */
export const ActionModal = ({
  title,
  onClose,
  confirmLabel,
  onConfirm,
  isPending,
  isConfirmDisabled = false,
  isDanger = false,
  children,
}: ActionModalProps) => {
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      footer={
        <>
          <CancelButton onClick={onClose} />
          <Button
            variant={isDanger ? 'danger' : 'primary'}
            onClick={onConfirm}
            isLoading={isPending}
            disabled={isConfirmDisabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="stack">{children}</div>
    </Modal>
  );
};
