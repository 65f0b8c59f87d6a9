import { useId } from 'react';
import type { SingleChoiceProps } from './choice';
import { FieldError } from './field-error';

export type SelectControlProps = SingleChoiceProps & {
  id: string;
  /** A first option of value '' ("Choose…", "All"); none when every value is a choice. */
  emptyLabel?: string;
  /** Marks the select invalid and points it at its error line (`${id}-error`). */
  error?: string | undefined;
  isDisabled?: boolean;
  /** The id of the element that labels the select, where no `<label for>` does. */
  labelledBy?: string;
};

/** A native select of `options`, after the optional empty one; the frame around it is the caller's. */
export const SelectControl = ({
  id,
  options,
  value,
  onChange,
  emptyLabel,
  error,
  isDisabled,
  labelledBy,
}: SelectControlProps) => (
  <select
    id={id}
    className="field__input"
    aria-labelledby={labelledBy}
    aria-invalid={error ? true : undefined}
    aria-describedby={error ? `${id}-error` : undefined}
    value={value}
    disabled={isDisabled}
    onChange={(event) => onChange(event.target.value)}
  >
    {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
    {options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ))}
  </select>
);

export type SelectFieldProps = Omit<SelectControlProps, 'id' | 'isDisabled' | 'labelledBy'> & {
  label: string;
  className?: string;
};

/** A labelled select with its error line. */
export const SelectField = ({ label, className, ...control }: SelectFieldProps) => {
  const id = useId();
  const { error } = control;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].join(' ').trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <SelectControl id={id} {...control} />
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
};
