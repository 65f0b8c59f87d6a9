import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  cheapestTariff,
  findUnlimTariff,
  isLocationAvailable,
  unlimPlanSchema,
  formatDollars,
} from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { locationName } from '../../../shared/lib/catalogue-names';
import { useUnlimLocations } from '../api/get-unlim-locations';
import { useUnlimTariffs } from '../api/get-unlim-tariffs';
import { useBasketChoice } from '../stores/basket-store';
import { choiceResolver } from '../utils/choice-resolver';
import { FetchError } from './skeletons';
import { CartLink } from './cart-link';
import { BuyStep, ChoiceSelect, PeriodStep } from './buy-step';

type Option = { label: string; value: number };
/** The plan's fields start empty; the contract schema says which must be filled. */
type UnlimPlanFields = { period?: number; speed?: number; location: Option | null };
type UnlimPlanChoice = z.output<typeof unlimPlanSchema>;
const resolver = choiceResolver<UnlimPlanFields, UnlimPlanChoice>(unlimPlanSchema);

/** Period -> speed -> location; the tariff is matched by duration_days and speed_limit. */
export const UnlimitedPlan = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t, i18n } = useTranslation('buy');
  const tariffs = useUnlimTariffs();
  const locations = useUnlimLocations();
  const { chosen: restored, setItem } = useBasketChoice('unlim');

  const form = useForm<UnlimPlanFields, unknown, UnlimPlanChoice>({
    resolver,
    defaultValues: {
      period: restored?.period,
      speed: restored ? Number(restored.payload.speed ?? 0) || undefined : undefined,
      // The label is the form's only: the cart names the location from its codes.
      location: restored ? { label: '', value: Number(restored.payload.location_id) } : null,
    },
  });
  const [chosenPeriod, chosenSpeed, location] = useWatch({
    control: form.control,
    name: ['period', 'speed', 'location'],
  });
  const speed = chosenSpeed ?? null;
  const { errors, isSubmitted } = form.formState;
  // Once the cart was asked for, every change re-checks its field (errors show after that only).
  const choice = { shouldDirty: true, shouldValidate: isSubmitted };

  const periods = useMemo(
    () => [...new Set((tariffs.data ?? []).map((x) => x.duration_days))].sort((a, b) => a - b),
    [tariffs.data],
  );
  // The plan opens on the period of the cheapest plan: the one the pool card's "from" names.
  const period =
    chosenPeriod ?? cheapestTariff(tariffs.data ?? [])?.duration_days ?? periods[0] ?? null;
  const speeds = useMemo(
    () =>
      [
        ...new Set(
          (tariffs.data ?? []).filter((x) => x.duration_days === period).map((x) => x.speed_limit),
        ),
      ].sort((a, b) => a - b),
    [tariffs.data, period],
  );
  /** A new speed (or period) clears the location when it leaves the location's range (spec section 4). */
  const changeSpeed = (next: number | null) => {
    form.setValue('speed', next ?? undefined, choice);
    const current = location ? locations.data?.find((l) => l.id === location.value) : undefined;
    if (location && (!current || !isLocationAvailable(current, next)))
      form.setValue('location', null, choice);
  };

  const tariff = tariffs.data ? findUnlimTariff(tariffs.data, period, speed) : undefined;
  const locationRow = location ? locations.data?.find((l) => l.id === location.value) : undefined;

  useEffect(() => {
    if (!tariff || !location || period === null || speed === null) {
      if (restored) setItem(null);
      return;
    }
    if (
      restored &&
      restored.tariff_id === tariff.id &&
      restored.payload.location_id === location.value
    )
      return;
    if (!locationRow) return;
    setItem({
      flow: 'unlim',
      tariff_id: tariff.id,
      tariff: { family: 'unlim', speedMbps: tariff.speed_limit, days: tariff.duration_days },
      price_per: null,
      total_price: tariff.price,
      period: tariff.duration_days,
      details: [
        { key: 'period', value: String(tariff.duration_days) },
        { key: 'speed', value: String(tariff.speed_limit) },
        { key: 'location', iso2: locationRow.iso2, city: locationRow.location.city },
      ],
      payload: { tariff_id: tariff.id, location_id: location.value, speed: tariff.speed_limit },
    });
  }, [tariff, location, locationRow, period, speed, restored, setItem]);

  const errorOf = (field: 'speed' | 'location') => {
    const key = errors[field]?.message;
    return key ? t(`errors.${key}` as 'errors.speed_required') : undefined;
  };

  return (
    <BuyStep
      headingId="buy-unlim"
      title={t('unlimited.title')}
      back={{ to: `${paths.cabinet.buy}/dynamic-pools`, label: t('dynamic_tariff.back') }}
    >
      {(tariffs.isError || locations.isError) && (
        <FetchError onRetry={() => void Promise.all([tariffs.refetch(), locations.refetch()])} />
      )}
      <PeriodStep
        legend={t('unlimited.period')}
        periods={periods}
        isPending={tariffs.isPending}
        selected={period}
        onSelect={(days) => {
          form.setValue('period', days, choice);
          if (
            speed !== null &&
            !(tariffs.data ?? []).some((x) => x.duration_days === days && x.speed_limit === speed)
          )
            changeSpeed(null);
        }}
      />
      <ChoiceSelect
        label={t('unlimited.speed')}
        value={speed}
        placeholder={t('unlimited.speed')}
        error={errorOf('speed')}
        onChoose={(next) => changeSpeed(next ?? null)}
      >
        {speeds.map((value) => (
          <option key={value} value={value}>
            {t('unlimited.speed_value', { speed: value })}
          </option>
        ))}
      </ChoiceSelect>
      <ChoiceSelect
        label={t('unlimited.location')}
        value={location?.value}
        placeholder={
          speed === null ? t('unlimited.pick_speed_first') : t('unlimited.location_placeholder')
        }
        isDisabled={speed === null}
        error={errorOf('location')}
        onChoose={(next) => {
          const found = locations.data?.find((l) => l.id === next);
          form.setValue(
            'location',
            found
              ? { label: locationName(found.iso2, found.location.city), value: found.id }
              : null,
            choice,
          );
        }}
      >
        {(locations.data ?? []).map((l) => {
          const isAvailable = isLocationAvailable(l, speed);
          return (
            <option key={l.id} value={l.id} disabled={!isAvailable}>
              {locationName(l.iso2, l.location.city)}
              {isAvailable ? '' : ` (${t('unlimited.unavailable')})`}
            </option>
          );
        })}
      </ChoiceSelect>
      {period !== null && speed !== null && !tariff && tariffs.data && (
        <p className="form-error">{t('unlimited.no_tariff')}</p>
      )}
      {tariff && !isPriceHidden && (
        <p className="buy-price">{formatDollars(tariff.price, i18n.language)}</p>
      )}
      <CartLink
        isSelected={Boolean(tariff && location)}
        errorKey="errors.location_required"
        // A submit without a target: marks the form submitted and shows the field errors.
        onInvalid={() => void form.handleSubmit(() => undefined)()}
      />
    </BuyStep>
  );
};
