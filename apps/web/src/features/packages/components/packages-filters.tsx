import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PACKAGE_STATUSES } from '@proxy/contract';
import { Button, OptionSelect, SideModal, labelledOptions } from '../../../shared/ui';

/** The type filter's values in the spec's order, each with its label (dynamic reads Premium). */
export const TYPE_FILTER_VALUES = ['isp', 'dynamic', 'vip', 'unlim'] as const;
const FILTER_COLUMNS = ['type', 'status'] as const;
type FilterColumn = (typeof FILTER_COLUMNS)[number];

const VALUES: Record<FilterColumn, readonly string[]> = {
  type: TYPE_FILTER_VALUES,
  status: PACKAGE_STATUSES,
};

export type PackagesFiltersProps = {
  filters: Record<string, string>;
  setFilter: (name: string, value: string | null) => void;
};

/** A filter's value as the user reads it: the type filter's labels, else the status names. */
export const useFilterValueLabel = () => {
  const { t } = useTranslation(['packages', 'base']);
  return (column: string, value: string) =>
    column === 'type'
      ? t(`filters.types.${value as 'isp'}`, { defaultValue: value })
      : t(`statuses.${value as 'active'}`, { defaultValue: value });
};

/**
 * The Filters button, the active filters as removable chips, and the filters side modal
 * (spec section 5: both column and value are required).
 */
export const PackagesFilters = ({ filters, setFilter }: PackagesFiltersProps) => {
  const { t } = useTranslation(['packages', 'base']);
  const valueLabel = useFilterValueLabel();
  const [isOpen, setOpen] = useState(false);
  const [column, setColumn] = useState<FilterColumn | ''>('');
  const [value, setValue] = useState('');
  const [isSubmitted, setSubmitted] = useState(false);
  const required = t('base:errors.required_field');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!column || !value) return;
    setFilter(column, value);
    setOpen(false);
    setColumn('');
    setValue('');
    setSubmitted(false);
  };

  return (
    <div className="cluster">
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t('filters.open')}
      </Button>
      {Object.entries(filters).map(([name, chosen]) => (
        <span key={name} className="packages-filters__chip">
          {t(`filters.columns.${name as FilterColumn}`)}: {valueLabel(name, chosen)}
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label={t('filters.remove', { name: valueLabel(name, chosen) })}
            onClick={() => setFilter(name, null)}
          >
            ×
          </button>
        </span>
      ))}
      <SideModal isOpen={isOpen} onClose={() => setOpen(false)} title={t('filters.title')}>
        <form className="stack" noValidate onSubmit={submit}>
          <OptionSelect
            label={t('filters.column')}
            emptyLabel={t('filters.choose')}
            value={column || null}
            error={isSubmitted && !column ? required : undefined}
            options={labelledOptions(FILTER_COLUMNS, (name) => t(`filters.columns.${name}`))}
            onChange={(next) => {
              setColumn((next ?? '') as FilterColumn | '');
              setValue('');
            }}
          />
          <OptionSelect
            label={t('filters.value')}
            emptyLabel={t('filters.choose')}
            isDisabled={!column}
            value={value || null}
            error={isSubmitted && !value ? required : undefined}
            options={
              column ? labelledOptions(VALUES[column], (option) => valueLabel(column, option)) : []
            }
            onChange={(next) => setValue(next ?? '')}
          />
          <Button type="submit">{t('filters.apply')}</Button>
        </form>
      </SideModal>
    </div>
  );
};
