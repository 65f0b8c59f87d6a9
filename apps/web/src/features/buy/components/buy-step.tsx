import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PeriodsSkeleton } from './skeletons';

type BuyStepProps = {
  /** The heading's id: the section is labelled by it. */
  headingId: string;
  title: string;
  /** The previous step, with its link text; the first step has none. */
  back?: { to: string; label: string };
  children: ReactNode;
};

/** One step of the buy flow: the way back, the step's title, then its choices. */
export const BuyStep = ({ headingId, title, back, children }: BuyStepProps) => (
  <section className="buy-step stack" aria-labelledby={headingId}>
    {back && (
      <Link className="buy-back" to={back.to}>
        ← {back.label}
      </Link>
    )}
    <h2 id={headingId} className="section-title">
      {title}
    </h2>
    {children}
  </section>
);

type OptionRadiosProps<V extends string | number> = {
  /** The radio group's name. */
  name: string;
  options: readonly V[];
  /** The current value (the card equal to it is chosen), of the form's wider type. */
  selected: string | number | null | undefined;
  onSelect: (value: V) => void;
  labelOf: (value: V) => string;
};

/** A row of option cards, one radio each; the chosen card is marked. */
export const OptionRadios = <V extends string | number>({
  name,
  options,
  selected,
  onSelect,
  labelOf,
}: OptionRadiosProps<V>) => (
  <div className="cluster">
    {options.map((value) => (
      <label
        key={value}
        className={`buy-option${value === selected ? ' buy-option--selected' : ''}`}
      >
        <input
          type="radio"
          name={name}
          checked={value === selected}
          onChange={() => onSelect(value)}
        />
        {labelOf(value)}
      </label>
    ))}
  </div>
);

/** The inline error under a step's field, when there is one. */
export const StepError = ({ text }: { text: string | undefined }) =>
  text ? <p className="form-error">{text}</p> : null;

type ChoiceSelectProps = {
  /** The visible label; leave it out when `labelledBy` names the select (a step's legend). */
  label?: string;
  labelledBy?: string;
  /** The chosen id, or nothing yet. */
  value: number | null | undefined;
  /** The first, empty option: what to do (or why the select is still disabled). */
  placeholder: string;
  isDisabled?: boolean;
  error: string | undefined;
  onChoose: (id: number | undefined) => void;
  /** The `<option>`s, valued by id. */
  children: ReactNode;
};

/** A select of one id among options, with its placeholder and inline error. */
export const ChoiceSelect = ({
  label,
  labelledBy,
  value,
  placeholder,
  isDisabled,
  error,
  onChoose,
  children,
}: ChoiceSelectProps) => {
  const id = useId();
  return (
    <div className="field">
      {label && (
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      )}
      <select
        id={id}
        aria-labelledby={labelledBy}
        className="field__input"
        value={value ?? ''}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChoose(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
      <StepError text={error} />
    </div>
  );
};

/** A step that is one select: its fieldset's legend names the select (one heading). */
export const ChoiceStep = ({
  legend,
  ...select
}: Omit<ChoiceSelectProps, 'label' | 'labelledBy'> & { legend: string }) => {
  const legendId = useId();
  return (
    <fieldset className="buy-fieldset panel">
      <legend id={legendId}>{legend}</legend>
      <ChoiceSelect labelledBy={legendId} {...select} />
    </fieldset>
  );
};

type PeriodStepProps = {
  legend: string;
  /** The periods on offer, in days; placeholders stand in while they load. */
  periods: readonly number[];
  isPending: boolean;
  selected: number | null | undefined;
  onSelect: (days: number) => void;
};

/** The step that picks a period: one card per period on offer, the chosen one marked. */
export const PeriodStep = ({ legend, periods, isPending, selected, onSelect }: PeriodStepProps) => {
  const { t } = useTranslation('buy');
  const name = useId();
  return (
    <fieldset className="buy-fieldset panel">
      <legend>{legend}</legend>
      {isPending ? (
        <PeriodsSkeleton />
      ) : (
        <OptionRadios
          name={name}
          options={periods}
          selected={selected}
          onSelect={onSelect}
          labelOf={(days) => t(`periods.${days}` as 'periods.30', { defaultValue: `${days}` })}
        />
      )}
    </fieldset>
  );
};
