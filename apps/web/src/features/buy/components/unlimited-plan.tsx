import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType, z } from 'zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findUnlimTariff, isLocationAvailable, unlimPlanSchema } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/format-money';
import { useUnlimLocations, useUnlimTariffs } from '../api/catalogue';
import { useBasketStore } from '../stores/basket-store';
import { FetchError, PeriodsSkeleton } from './skeletons';
import { CartLink } from './cart-link';

type Option = { label: string; value: number };
/** The plan's fields start empty; the contract schema says which must be filled. */
type UnlimPlanFields = { period?: number; speed?: number; location: Option | null };
type UnlimPlanChoice = z.output<typeof unlimPlanSchema>;
const resolver = zodResolver<
  UnlimPlanFields,
  unknown,
  UnlimPlanChoice,
  ZodType<UnlimPlanChoice, UnlimPlanFields>
>(unlimPlanSchema);

/** Period -> speed -> location; the tariff is matched by duration_days and speed_limit. */
export const UnlimitedPlan = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t } = useTranslation('buy');
  const ids = { speed: useId(), location: useId() };
  const tariffs = useUnlimTariffs();
  const locations = useUnlimLocations();
  const item = useBasketStore((state) => state.item);
  const setItem = useBasketStore((state) => state.setItem);
  const isPurchased = useBasketStore((state) => state.isPurchased);
  const restored = item?.flow === 'unlim' && !isPurchased ? item : null;

  const form = useForm<UnlimPlanFields, unknown, UnlimPlanChoice>({
    resolver,
    defaultValues: {
      period: restored?.period,
      speed: restored ? Number(restored.payload.speed ?? 0) || undefined : undefined,
      location: restored
        ? {
            label: String(restored.payload.location_name ?? ''),
            value: Number(restored.payload.location_id),
          }
        : null,
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
  // Default period: 30 days when offered, else the shortest.
  const period = chosenPeriod ?? (periods.includes(30) ? 30 : (periods[0] ?? null));
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
    setItem({
      flow: 'unlim',
      tariff_id: tariff.id,
      title: tariff.title,
      price_per: null,
      total_price: tariff.price,
      period: tariff.duration_days,
      details: [
        { key: 'period', value: String(tariff.duration_days) },
        { key: 'speed', value: String(tariff.speed_limit) },
        { key: 'location', value: location.label },
      ],
      payload: {
        tariff_id: tariff.id,
        location_id: location.value,
        speed: tariff.speed_limit,
        location_name: location.label,
      },
    });
  }, [tariff, location, period, speed, restored, setItem]);

  const errorOf = (field: 'speed' | 'location') => {
    const key = errors[field]?.message;
    return key ? t(`errors.${key}` as 'errors.speed_required') : undefined;
  };

  return (
    <section className="buy-step" aria-labelledby="buy-unlim">
      <Link className="buy-back" to={`${paths.cabinet.buy}/dynamic-pools`}>
        ← {t('dynamic_tariff.back')}
      </Link>
      <h2 id="buy-unlim" className="section-title">
        {t('unlimited.title')}
      </h2>
      {(tariffs.isError || locations.isError) && (
        <FetchError onRetry={() => void Promise.all([tariffs.refetch(), locations.refetch()])} />
      )}
      <fieldset className="buy-fieldset">
        <legend>{t('unlimited.period')}</legend>
        {tariffs.isPending ? (
          <PeriodsSkeleton />
        ) : (
          <div className="buy-options">
            {periods.map((days) => (
              <label
                key={days}
                className={`buy-option${period === days ? ' buy-option--selected' : ''}`}
              >
                <input
                  type="radio"
                  name="unlim-period"
                  checked={period === days}
                  onChange={() => {
                    form.setValue('period', days, choice);
                    if (
                      speed !== null &&
                      !(tariffs.data ?? []).some(
                        (x) => x.duration_days === days && x.speed_limit === speed,
                      )
                    )
                      changeSpeed(null);
                  }}
                />
                {t(`periods.${days}` as 'periods.30', { defaultValue: `${days}` })}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={ids.speed}>
          {t('unlimited.speed')}
        </label>
        <select
          id={ids.speed}
          className="field__input"
          value={speed ?? ''}
          aria-invalid={errorOf('speed') ? true : undefined}
          onChange={(event) => changeSpeed(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('unlimited.speed')}</option>
          {speeds.map((value) => (
            <option key={value} value={value}>
              {t('unlimited.speed_value', { speed: value })}
            </option>
          ))}
        </select>
        {errorOf('speed') && <p className="form-error">{errorOf('speed')}</p>}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.location}>
          {t('unlimited.location')}
        </label>
        <select
          id={ids.location}
          className="field__input"
          value={location?.value ?? ''}
          disabled={speed === null}
          aria-invalid={errorOf('location') ? true : undefined}
          onChange={(event) => {
            const found = locations.data?.find((l) => l.id === Number(event.target.value));
            form.setValue(
              'location',
              found ? { label: found.location.name, value: found.id } : null,
              choice,
            );
          }}
        >
          <option value="">
            {speed === null ? t('unlimited.pick_speed_first') : t('unlimited.location_placeholder')}
          </option>
          {(locations.data ?? []).map((l) => {
            const isAvailable = isLocationAvailable(l, speed);
            return (
              <option key={l.id} value={l.id} disabled={!isAvailable}>
                {l.location.name}
                {isAvailable ? '' : ` (${t('unlimited.unavailable')})`}
              </option>
            );
          })}
        </select>
        {errorOf('location') && <p className="form-error">{errorOf('location')}</p>}
      </div>
      {period !== null && speed !== null && !tariff && tariffs.data && (
        <p className="form-error">{t('unlimited.no_tariff')}</p>
      )}
      {tariff && !isPriceHidden && <p className="buy-price">{formatMoney(tariff.price)}</p>}
      <CartLink
        isSelected={Boolean(tariff && location)}
        errorKey="errors.location_required"
        // A submit without a target: marks the form submitted and shows the field errors.
        onInvalid={() => void form.handleSubmit(() => undefined)()}
      />
    </section>
  );
};
