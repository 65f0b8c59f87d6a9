import { useId } from 'react';
import { FieldError } from './field-error';

export type SelectFieldProps = {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The chosen option's value; '' for the empty option. */
  value: string;
  onChange: (value: string) => void;
  /** A first option of value '' ("Choose…", "All"); none when every value is a choice. */
  emptyLabel?: string;
  error?: string | undefined;
  className?: string;
};

/** A labelled select with its error line. */
export const SelectField = ({
  label,
  options,
  value,
  onChange,
  emptyLabel,
  error,
  className,
}: SelectFieldProps) => {
  const id = useId();
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].join(' ').trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
};
