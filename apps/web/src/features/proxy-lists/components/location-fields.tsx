import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LocationPreset } from '@proxy/contract';
import { countryName, placeLabel } from '../../../shared/lib/catalogue-names';
import { translateFieldError } from '../../../shared/lib/form-errors';
import {
  Alert,
  OptionChecklist,
  OptionSelect,
  labelledOptions,
  type PickerOption,
} from '../../../shared/ui';
import { useLocationCities } from '../../../shared/api/locations/get-location-cities';
import { useLocationCountries } from '../../../shared/api/locations/get-location-countries';
import { useLocationIsps } from '../api/get-location-isps';
import { useLocationRegions } from '../api/get-location-regions';
import { singleCountry, type ListFormValues, type LocationLevel } from '../utils/list-form';
import { RetryAlert } from './retry-alert';

type LocationValues = Pick<ListFormValues, 'location_preset' | LocationLevel>;

export type LocationFieldsProps = {
  values: LocationValues;
  errors: Partial<Record<keyof LocationValues, string | undefined>>;
  onPreset: (preset: LocationPreset) => void;
  onLevel: <L extends LocationLevel>(level: L, value: ListFormValues[L]) => void;
};

/**
 * The list's location (spec section 4): a preset, or custom country -> region (only with
 * exactly one country) -> city -> ISP, each level's options from the exits the gateway has; an
 * empty level is an info alert (regions_empty, cities_empty, isp_empty).
 */
export const LocationFields = ({ values, errors, onPreset, onLevel }: LocationFieldsProps) => {
  const { t } = useTranslation(['packages', 'base']);
  const countries = useLocationCountries();
  const country = values.location_preset === 'custom' ? singleCountry(values.countries) : null;
  const regions = useLocationRegions(country);
  const cities = useLocationCities(country, values.region);
  const isps = useLocationIsps(country, values.region, values.city);

  if (countries.isError)
    return <RetryAlert text={t('base:errors.fetch')} onRetry={() => void countries.refetch()} />;
  const presets = countries.data?.presets ?? [];
  const countryOptions: PickerOption[] = (countries.data?.countries ?? []).map((c) => ({
    value: c.code,
    label: countryName(c.code),
  }));

  /** A place level: loading, failed, empty (info alert) or its options. */
  const placeLevel = (
    level: 'region' | 'city' | 'isp',
    query: UseQueryResult<readonly { code: string; name: string }[]>,
    emptyKey: 'regions_empty' | 'cities_empty' | 'isp_empty',
  ) => {
    if (query.isError)
      return (
        <RetryAlert
          key={level}
          text={t('base:errors.fetch')}
          onRetry={() => void query.refetch()}
        />
      );
    if (!query.data) return null;
    if (query.data.length === 0)
      return (
        <Alert key={level} type="info">
          {t(`proxy_create.errors.${emptyKey}`)}
        </Alert>
      );
    return (
      <OptionSelect
        key={level}
        label={t(`proxy_create.${level}`)}
        // Regions and cities are named from their codes; an ISP by the name the exits give it.
        options={query.data.map((item) => ({
          value: item.code,
          label: level === 'isp' ? item.name || item.code : placeLabel(item.code),
        }))}
        value={values[level]}
        onChange={(value) => onLevel(level, value)}
        emptyLabel={t('proxy_create.any')}
        error={translateFieldError(errors[level])}
      />
    );
  };

  return (
    <fieldset className="proxy-list-form__group">
      <legend>{t('proxy_create.location')}</legend>
      <OptionSelect
        label={t('proxy_create.preset')}
        options={labelledOptions(presets, (preset) => t(`proxy_create.presets.${preset}`))}
        value={values.location_preset}
        onChange={(value) => {
          const preset = presets.find((p) => p === value);
          if (preset) onPreset(preset);
        }}
        emptyLabel={t('proxy_create.choose')}
        error={translateFieldError(errors.location_preset)}
        isDisabled={!countries.data}
      />
      {values.location_preset === 'custom' && (
        <>
          <OptionChecklist
            label={t('proxy_create.countries')}
            options={countryOptions}
            values={values.countries}
            onChange={(codes) => onLevel('countries', codes)}
            error={translateFieldError(errors.countries)}
          />
          {country !== null && (
            <>
              {placeLevel('region', regions, 'regions_empty')}
              {placeLevel('city', cities, 'cities_empty')}
              {placeLevel('isp', isps, 'isp_empty')}
            </>
          )}
        </>
      )}
    </fieldset>
  );
};
