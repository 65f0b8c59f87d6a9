import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

export type ModalButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** The modal the button opens, rendered while it is open; `close` closes it. */
  modal: (close: () => void) => ReactNode;
};

/** A button that opens its modal (mounted only while open, so each opening starts afresh). */
export const ModalButton = ({ modal, ...button }: ModalButtonProps) => {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} />
      {isOpen && modal(() => setOpen(false))}
    </>
  );
};
