import { useId, type ReactNode } from 'react';

export type ChoiceGroupProps = {
  label: string;
  options: readonly { value: string; label: ReactNode }[];
  /** '' while nothing is chosen. */
  value: string;
  onChange: (value: string) => void;
};

/** A labelled radio group (a period, a speed, a file format). */
export const ChoiceGroup = ({ label, options, value, onChange }: ChoiceGroupProps) => {
  const id = useId();
  return (
    <fieldset className="packages-choices">
      <legend className="field__label">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="packages-choice">
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
