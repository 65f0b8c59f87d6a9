import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OPTION_SEARCH_ABOVE } from '@proxy/contract';
import { FieldError } from './field-error';
import { SelectControl } from './select-field';

export type PickerOption = { value: string; label: string };

/** The options of a list of values, each labelled by `label` (mostly its translation). */
export const labelledOptions = <V extends string>(
  values: readonly V[],
  label: (value: V) => string,
): { value: V; label: string }[] => values.map((value) => ({ value, label: label(value) }));

/** The options whose label holds the search text; a search box only above 10 options (spec). */
const useOptionSearch = (options: readonly PickerOption[], label: string, id: string) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const isSearchable = options.length > OPTION_SEARCH_ABOVE;
  const needle = search.trim().toLowerCase();
  const shown =
    isSearchable && needle
      ? options.filter((option) => option.label.toLowerCase().includes(needle))
      : options;
  const searchBox = isSearchable && (
    <input
      id={`${id}-search`}
      type="search"
      className="field__input option-picker__search"
      aria-label={t('ui.search_in', { label })}
      placeholder={t('ui.search')}
      value={search}
      onChange={(event) => setSearch(event.target.value)}
    />
  );
  return { shown, searchBox };
};

type PickerFrameProps = {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
};

const PickerFrame = ({ id, label, error, children }: PickerFrameProps) => (
  <div className={error ? 'field field--invalid option-picker' : 'field option-picker'}>
    <span className="field__label" id={`${id}-label`}>
      {label}
    </span>
    {children}
    <FieldError id={`${id}-error`} text={error} />
  </div>
);

export type OptionSelectProps = {
  label: string;
  options: readonly PickerOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** The empty choice (null): "Any", "Choose…". */
  emptyLabel: string;
  error?: string | undefined;
  isDisabled?: boolean;
};

/** One choice of a list; the chosen option stays listed whatever the search. */
export const OptionSelect = ({
  label,
  options,
  value,
  onChange,
  ...control
}: OptionSelectProps) => {
  const id = useId();
  const { shown, searchBox } = useOptionSearch(options, label, id);
  const chosen = options.find((option) => option.value === value);
  const listed = chosen && !shown.includes(chosen) ? [chosen, ...shown] : shown;
  return (
    <PickerFrame id={id} label={label} error={control.error}>
      {searchBox}
      <SelectControl
        id={id}
        labelledBy={`${id}-label`}
        options={listed}
        value={value ?? ''}
        onChange={(next) => onChange(next === '' ? null : next)}
        {...control}
      />
    </PickerFrame>
  );
};

export type OptionChecklistProps = {
  label: string;
  options: readonly PickerOption[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | undefined;
};

/** Several choices of a list as checkboxes, the chosen ones first. */
export const OptionChecklist = ({
  label,
  options,
  values,
  onChange,
  error,
}: OptionChecklistProps) => {
  const id = useId();
  const { shown, searchBox } = useOptionSearch(options, label, id);
  const toggle = (value: string, isChecked: boolean) =>
    onChange(isChecked ? [...values, value] : values.filter((item) => item !== value));
  return (
    <PickerFrame id={id} label={label} error={error}>
      {searchBox}
      <ul
        className="option-picker__list"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {shown.map((option) => (
          <li key={option.value}>
            <label className="option-picker__item">
              <input
                type="checkbox"
                checked={values.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <span>{option.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </PickerFrame>
  );
};
