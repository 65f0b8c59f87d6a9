import type { ButtonHTMLAttributes } from 'react';
import { useAwaitingAppProps } from '../lib/use-is-hydrated';

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label'> & {
  /** The accessible name: the button shows only its icon. */
  label: string;
};

/** A button that shows only an icon (close, back, menu, bell). */
export const IconButton = ({ label, className, children, ...rest }: IconButtonProps) => {
  const awaitingApp = useAwaitingAppProps();
  return (
    <button
      type="button"
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      aria-label={label}
      {...rest}
      {...awaitingApp}
    >
      {children}
    </button>
  );
};
