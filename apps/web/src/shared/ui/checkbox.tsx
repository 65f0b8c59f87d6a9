import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
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
        />
        <label htmlFor={inputId} className="checkbox__label">
          {label}
        </label>
      </div>
      <FieldError id={errorId} text={error} />
    </div>
  );
});
