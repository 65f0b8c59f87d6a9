import type { ReactElement } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type ControllerRenderProps,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  GENERATOR_PROTOCOLS,
  GENERATOR_TIMESPANS,
  GENERATOR_TYPES,
  generatorSchema,
  type GeneratorInput,
  type GeneratorRequest,
} from '@proxy/contract';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { reportFormError, translateFieldError } from '../../../shared/lib/form-errors';
import {
  Alert,
  Button,
  FormInput,
  Loader,
  OptionChecklist,
  labelledOptions,
} from '../../../shared/ui';
import { ChoiceGroup } from '../../../shared/ui/choice-group';
import { SelectField } from '../../../shared/ui/select-field';
import { useGenerateProxies } from '../api/generate-proxies';
import { usePremiumLocations } from '../../../shared/api/locations/get-premium-locations';
import { TIMESPAN_UNITS } from '../../../shared/lib/session-timespans';
import {
  FORMAT_OPTIONS,
  GENERATOR_DEFAULTS,
  cityOptions,
  citiesStillOffered,
  countryOptions,
} from '../utils/generator-rules';

/** The fields a server answer may name (422 field errors land on them). */
const FIELDS: readonly Path<GeneratorInput>[] = [
  'protocols',
  'type',
  'timespan',
  'lifetime',
  'proxy_count',
  'format',
  'countries',
  'cities',
];

type GeneratorFormApi = UseFormReturn<GeneratorInput, unknown, GeneratorRequest>;

/** One of the form's radio groups (protocol, type, format); `parse` turns the choice into its value. */
const ChoiceField = ({
  form,
  name,
  parse = (value) => value,
  ...group
}: {
  form: GeneratorFormApi;
  name: 'protocols' | 'type' | 'format';
  label: string;
  options: readonly { value: string; label: string }[];
  isInline?: boolean;
  parse?: (value: string) => string | number;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) => (
      <ChoiceGroup
        {...group}
        value={field.value === undefined ? '' : String(field.value)}
        onChange={(value) => field.onChange(parse(value))}
      />
    )}
  />
);

export type GeneratorFormProps = {
  packageId: number;
  onGenerated: (lines: string[]) => void;
};

/**
 * The generator's form (spec section 3 "Premium generator form"): protocol, rotating or sticky
 * (sticky: lifetime x unit), countries and their cities from the exits, count and line format;
 * the contract's schema checks it here and on the server.
 */
export const GeneratorForm = ({ packageId, onGenerated }: GeneratorFormProps) => {
  const { t } = useTranslation(['packages', 'base']);
  const locations = usePremiumLocations(currentLanguage());
  const generate = useGenerateProxies();
  const form: GeneratorFormApi = useForm<GeneratorInput, unknown, GeneratorRequest>({
    resolver: zodResolver(generatorSchema),
    defaultValues: GENERATOR_DEFAULTS,
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const countries = useWatch({ control: form.control, name: 'countries' }) ?? [];
  const places = locations.data ?? [];
  const cities = cityOptions(places, countries);
  /** A field bound to the form (its value, change and translated error) through Controller. */
  const controlled = <N extends Path<GeneratorInput>>(
    name: N,
    render: (
      field: ControllerRenderProps<GeneratorInput, N>,
      error: string | undefined,
    ) => ReactElement,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) =>
        render(field, translateFieldError(fieldState.error?.message))
      }
    />
  );

  /** Lifetime and count: whole numbers from 1 (the schema says the rest). */
  const wholeNumberInput = (name: 'lifetime' | 'proxy_count', label: string) => (
    <FormInput form={form} name={name} label={label} type="number" min={1} inputMode="numeric" />
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await generate.mutateAsync({ packageId, body: values });
      onGenerated(result.list);
    } catch (error) {
      reportFormError(error, form.setError, FIELDS, {
        fallbackKey: 'packages:generator.errors.generate',
      });
    }
  });

  return (
    <form className="stack generator-form" noValidate onSubmit={(event) => void submit(event)}>
      <ChoiceField
        form={form}
        name="protocols"
        label={t('generator.protocol')}
        isInline
        options={labelledOptions(GENERATOR_PROTOCOLS, (value) => value.toUpperCase())}
      />
      <ChoiceField
        form={form}
        name="type"
        label={t('generator.type')}
        options={labelledOptions(GENERATOR_TYPES, (value) => t(`generator.types.${value}`))}
      />
      {type === 'sticky' && (
        <div className="generator-form__row">
          {wholeNumberInput('lifetime', t('generator.lifetime'))}
          {controlled('timespan', (field, error) => (
            <SelectField
              label={t('generator.timespan')}
              options={GENERATOR_TIMESPANS.map((seconds) => ({
                value: String(seconds),
                label: t(`generator.timespans.${TIMESPAN_UNITS[seconds]}`),
              }))}
              value={String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
              error={error}
            />
          ))}
        </div>
      )}
      {locations.isPending ? (
        <Loader label={t('modals.loading')} />
      ) : locations.isError ? (
        <Alert type="error">
          <p>{t('base:errors.fetch')}</p>
          <Button variant="secondary" size="sm" onClick={() => void locations.refetch()}>
            {t('refresh')}
          </Button>
        </Alert>
      ) : places.length === 0 ? (
        <Alert type="info">{t('generator.no_locations')}</Alert>
      ) : (
        <>
          {controlled('countries', (field, error) => (
            <OptionChecklist
              label={t('generator.countries')}
              options={countryOptions(places)}
              values={field.value ?? []}
              onChange={(next) => {
                field.onChange(next);
                const kept = citiesStillOffered(form.getValues('cities') ?? [], places, next);
                form.setValue('cities', kept);
              }}
              error={error}
            />
          ))}
          {countries.length === 0 && <p className="field__hint">{t('generator.countries_hint')}</p>}
          {cities.length > 0 &&
            controlled('cities', (field, error) => (
              <OptionChecklist
                label={t('generator.cities')}
                options={cities}
                values={field.value ?? []}
                onChange={field.onChange}
                error={error}
              />
            ))}
        </>
      )}
      {wholeNumberInput('proxy_count', t('generator.count'))}
      <ChoiceField
        form={form}
        name="format"
        label={t('generator.format')}
        options={FORMAT_OPTIONS}
        parse={Number}
      />
      <Button type="submit" isLoading={generate.isPending}>
        {t('generator.generate')}
      </Button>
    </form>
  );
};
