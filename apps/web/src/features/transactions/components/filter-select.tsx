import { SelectField } from '../../../shared/ui/select-field';

export type FilterSelectProps = {
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
};

/** A filter of the transactions tables: one value, or all (`null`). */
export const FilterSelect = ({ label, allLabel, value, options, onChange }: FilterSelectProps) => (
  <SelectField
    className="transactions__filter"
    label={label}
    emptyLabel={allLabel}
    options={options}
    value={value ?? ''}
    onChange={(chosen) => onChange(chosen || null)}
  />
);
