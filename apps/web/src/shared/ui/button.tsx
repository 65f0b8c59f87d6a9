import type { ButtonHTMLAttributes, ReactNode } from 'react';
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
  ...rest
}: ButtonProps) => (
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
    disabled={disabled || isLoading}
    aria-busy={isLoading || undefined}
    {...rest}
  >
    {isLoading ? <Spinner size="sm" /> : icon}
    {children}
  </button>
);
