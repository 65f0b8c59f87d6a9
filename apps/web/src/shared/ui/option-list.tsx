import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error';

export type Option = { value: string; label: string };

/** Option lists get a search box only above this many options (spec section 4). */
export const SEARCH_BOX_ABOVE = 10;

export const hasSearchBox = (optionCount: number): boolean => optionCount > SEARCH_BOX_ABOVE;

/** The options whose label or value contains `search` (any case); all of them for a blank one. */
export const filterOptions = <T extends Option>(options: readonly T[], search: string): T[] => {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...options];
  return options.filter(
    (option) =>
      option.label.toLocaleLowerCase().includes(needle) ||
      option.value.toLocaleLowerCase().includes(needle),
  );
};

export type OptionListProps = {
  legend: string;
  options: readonly Option[];
  /** The ticked values. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
};

/**
 * Options to tick (countries, cities): a search box above 10 options; ticked options stay in
 * the answer while a search hides them.
 */
export const OptionList = ({ legend, options, value, onChange, error }: OptionListProps) => {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const shown = hasSearchBox(options.length) ? filterOptions(options, search) : options;
  const toggle = (option: string, isTicked: boolean) =>
    onChange(isTicked ? [...value, option] : value.filter((item) => item !== option));
  return (
    <fieldset
      className={error ? 'option-list field--invalid' : 'option-list'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hasSearchBox(options.length) && (
        <input
          type="search"
          className="field__input"
          aria-label={t('ui.search_in', { name: legend })}
          placeholder={t('ui.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      )}
      <ul className="option-list__items">
        {shown.map((option) => (
          <li key={option.value} className="option-list__item">
            <input
              id={`${id}-${option.value}`}
              type="checkbox"
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </li>
        ))}
      </ul>
      <FieldError id={`${id}-error`} text={error} />
    </fieldset>
  );
};
