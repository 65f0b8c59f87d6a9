import { useId } from 'react';
import { FieldError } from './field-error';

export type SelectOption = { value: string; label: string };

export type SelectProps = {
  label: string;
  /** The text of the empty choice (value ''): "All" for a filter, "Choose" for a required field. */
  emptyLabel: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Disabled while it has nothing to offer. */
  isDisabled?: boolean;
  className?: string;
};

/** A labelled select with an empty first choice and its error line. */
export const Select = ({
  label,
  emptyLabel,
  value,
  options,
  onChange,
  error,
  isDisabled = false,
  className,
}: SelectProps) => {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['field', className ?? ''].join(' ').trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} text={error} />
    </div>
  );
};
