import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import { useFocusTrap } from './use-focus-trap';

export type ModalProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** `side` slides in from the right edge (SideModal). */
  placement?: 'center' | 'side';
  /** `wide` fits a table (a centred modal only). */
  size?: 'default' | 'wide';
};

export const Modal = ({
  isOpen,
  onClose,
  title,
  children,
  footer,
  placement = 'center',
  size = 'default',
}: ModalProps) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, isOpen, onClose);
  if (!isOpen) return null;
  return createPortal(
    <div
      className={`modal-backdrop modal-backdrop--${placement}`}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={ref}
        className={`modal modal--${placement}${size === 'wide' ? ' modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <IconButton label={t('ui.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
};

export const SideModal = (props: Omit<ModalProps, 'placement'>) => (
  <Modal {...props} placement="side" />
);
