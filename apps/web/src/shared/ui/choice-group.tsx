import { useId, type ReactNode } from 'react';
import type { SingleChoiceProps } from './choice';

export type ChoiceGroupProps = SingleChoiceProps<ReactNode> & {
  label: string;
  /** Options side by side (short ones: a protocol, a file format) instead of one a line. */
  isInline?: boolean;
};

/** A labelled radio group (a period, a speed, a file format, a protocol). */
export const ChoiceGroup = ({ label, options, value, onChange, isInline }: ChoiceGroupProps) => {
  const id = useId();
  return (
    <fieldset className={isInline ? 'choice-group choice-group--inline' : 'choice-group'}>
      <legend className="field__label">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice-group__option">
          <input
            type="radio"
            name={id}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
};
