import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERATOR_TIMESPANS, GENERATOR_TYPES } from '@proxy/contract';
import { useLocationCities } from '../../../../shared/api/locations/get-location-cities';
import { useLocationCountries } from '../../../../shared/api/locations/get-location-countries';
import { usePremiumLocations } from '../../../../shared/api/locations/get-premium-locations';
import { currentLanguage } from '../../../../shared/i18n/i18n';
import { translateFieldError } from '../../../../shared/lib/form-errors';
import { countryName, placeLabel } from '../../../../shared/lib/catalogue-names';
import { TIMESPAN_UNITS } from '../../../../shared/lib/session-timespans';
import { Alert, Button, CopyField, Input, Loader, labelledOptions } from '../../../../shared/ui';
import { ChoiceGroup } from '../../../../shared/ui/choice-group';
import { SelectField } from '../../../../shared/ui/select-field';
import {
  builderDefaults,
  builderProtocols,
  builtEndpoint,
  formatOptions,
  lifetimeError,
  newSessionId,
  type BuilderConnection,
  type BuilderState,
} from '../../utils/endpoint-builder';

/** The exit pool a package's traffic goes through: what its countries and cities come from. */
export type BuilderPool = 'dynamic' | 'premium';

/**
 * The countries and cities the pool's active exits serve: the proxy lists' location lists for
 * dynamic packages, the generator's locations for premium ones (each asked only for its pool).
 */
const useServedPlaces = (pool: BuilderPool, country: string | null) => {
  const premium = usePremiumLocations(currentLanguage(), pool === 'premium');
  const countries = useLocationCountries(pool === 'dynamic');
  const cities = useLocationCities(pool === 'dynamic' ? country : null, null);
  if (pool === 'premium')
    return {
      query: premium,
      countries: premium.data?.map((location) => location.iso2) ?? [],
      cities:
        premium.data
          ?.find((location) => location.iso2 === country)
          ?.cities.map((city) => city.code) ?? [],
    };
  return {
    query: countries,
    countries: countries.data?.countries.map((each) => each.code) ?? [],
    cities: country === null ? [] : (cities.data?.map((city) => city.code) ?? []),
  };
};

type EndpointBuilderProps = {
  pool: BuilderPool;
  connection: BuilderConnection;
};

/**
 * A traffic package's endpoint builder: protocol, a served country and city, a rotating or
 * sticky session (with its lifetime) and a format give one ready proxy string to copy.
 */
export const EndpointBuilder = ({ pool, connection }: EndpointBuilderProps) => {
  const { t } = useTranslation(['packages', 'base']);
  const [state, setState] = useState<BuilderState>(() => builderDefaults(newSessionId()));
  const places = useServedPlaces(pool, state.country);
  const update = (change: Partial<BuilderState>) =>
    setState((current) => ({ ...current, ...change }));
  const endpoint = builtEndpoint(state, connection);
  const lifetimeProblem = lifetimeError(state);

  return (
    <section
      className="card stack endpoint-builder"
      aria-labelledby={`builder-${connection.login}`}
    >
      <h3 id={`builder-${connection.login}`} className="card-section__title">
        {t('builder.title')}
      </h3>
      <ChoiceGroup
        label={t('generator.protocol')}
        isInline
        options={labelledOptions(builderProtocols(connection), (value) => value.toUpperCase())}
        value={state.protocol}
        onChange={(value) => update({ protocol: value as BuilderState['protocol'] })}
      />
      {places.query.isPending ? (
        <Loader label={t('modals.loading')} />
      ) : places.query.isError ? (
        <Alert type="error">
          <p>{t('base:errors.fetch')}</p>
          <Button variant="secondary" size="sm" onClick={() => void places.query.refetch()}>
            {t('refresh')}
          </Button>
        </Alert>
      ) : places.countries.length === 0 ? (
        <Alert type="info">{t('builder.no_locations')}</Alert>
      ) : (
        <div className="endpoint-builder__row">
          <SelectField
            label={t('builder.country')}
            emptyLabel={t('builder.any_country')}
            options={places.countries.map((code) => ({ value: code, label: countryName(code) }))}
            value={state.country ?? ''}
            onChange={(value) => update({ country: value === '' ? null : value, city: null })}
          />
          {state.country !== null && places.cities.length > 0 && (
            <SelectField
              label={t('builder.city')}
              emptyLabel={t('builder.any_city')}
              options={places.cities.map((code) => ({ value: code, label: placeLabel(code) }))}
              value={state.city ?? ''}
              onChange={(value) => update({ city: value === '' ? null : value })}
            />
          )}
        </div>
      )}
      <ChoiceGroup
        label={t('builder.session')}
        options={labelledOptions(GENERATOR_TYPES, (value) => t(`builder.sessions.${value}`))}
        value={state.session}
        onChange={(value) => update({ session: value as BuilderState['session'] })}
      />
      {state.session === 'sticky' && (
        <div className="endpoint-builder__row">
          <Input
            label={t('generator.lifetime')}
            type="number"
            min={1}
            inputMode="numeric"
            value={state.lifetime}
            onChange={(event) => update({ lifetime: event.target.value })}
            error={lifetimeProblem ? translateFieldError(lifetimeProblem) : undefined}
          />
          <SelectField
            label={t('generator.timespan')}
            options={GENERATOR_TIMESPANS.map((seconds) => ({
              value: String(seconds),
              label: t(`generator.timespans.${TIMESPAN_UNITS[seconds]}`),
            }))}
            value={String(state.timespan)}
            onChange={(value) => update({ timespan: Number(value) })}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => update({ sessionId: newSessionId() })}
          >
            {t('builder.new_session')}
          </Button>
        </div>
      )}
      <SelectField
        label={t('builder.format')}
        options={formatOptions(state.protocol)}
        value={String(state.format)}
        onChange={(value) => update({ format: Number(value) })}
      />
      {endpoint !== null && <CopyField label={t('builder.result')} value={endpoint} />}
    </section>
  );
};
