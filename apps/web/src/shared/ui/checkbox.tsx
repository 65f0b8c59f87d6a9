import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIsHydrated } from '../lib/use-is-hydrated';
import { FieldError } from './field-error';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
};

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  // Drawn at build time, the box is ticked once the form runs (it would reset an earlier tick).
  const isHydrated = useIsHydrated();
  return (
    <div className="checkbox-field">
      <div className="checkbox">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className="checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
          disabled={rest.disabled || !isHydrated}
        />
        <label htmlFor={inputId} className="checkbox__label">
          {label}
        </label>
      </div>
      <FieldError id={errorId} text={error} />
    </div>
  );
});
