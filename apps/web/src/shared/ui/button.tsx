import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useIsHydrated } from '../lib/use-is-hydrated';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  isLoading?: boolean;
  isBlock?: boolean;
  icon?: ReactNode;
};

export const Button = ({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  isBlock = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) => {
  // A drawn document's buttons work only once the app runs: a click before that would be lost,
  // and a form's own submission would send its fields (a password) in the page's address.
  const isHydrated = useIsHydrated();
  return (
    <button
      type={type}
      className={[
        'btn',
        `btn--${variant}`,
        `btn--${size}`,
        isBlock ? 'btn--block' : '',
        className ?? '',
      ]
        .join(' ')
        .trim()}
      disabled={disabled || isLoading || !isHydrated}
      data-awaiting-app={isHydrated ? undefined : ''}
      aria-busy={isLoading || undefined}
      // An aria-disabled button stays focusable (its tooltip says why) but does nothing.
      onClick={
        rest['aria-disabled'] === true || rest['aria-disabled'] === 'true' ? undefined : onClick
      }
      {...rest}
    >
      {isLoading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
};
