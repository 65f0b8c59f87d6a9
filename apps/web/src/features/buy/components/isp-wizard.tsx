import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ZodType, z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_ISP_PERIOD,
  ISP_PERIODS,
  ispIpError,
  ispPriceCents,
  ispWizardSchema,
  toCents,
  type IspWizardValues,
} from '@proxy/contract';
import { Input } from '../../../shared/ui';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/format-money';
import { useIspCountries, useIspTariffs } from '../api/catalogue';
import { useBasketStore } from '../stores/basket-store';
import { FetchError, PeriodsSkeleton } from './skeletons';
import { CartLink } from './cart-link';

type Field = 'authType' | 'country' | 'ips';
/** The wizard's fields start empty; the contract schema says which must be filled. */
type IspWizardFields = Partial<IspWizardValues> & Pick<IspWizardValues, 'period' | 'socks'>;
type IspWizardChoice = z.output<typeof ispWizardSchema>;
const resolver = zodResolver<
  IspWizardFields,
  unknown,
  IspWizardChoice,
  ZodType<IspWizardChoice, IspWizardFields>
>(ispWizardSchema);
/** Radios and selects are written with setValue: marked touched and checked at once, as a blur would. */
const CHOICE = { shouldTouch: true, shouldDirty: true, shouldValidate: true } as const;

/** The five ISP steps: authentication type, period (default 30), country, IP count, protocol. */
export const IspWizard = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t } = useTranslation('buy');
  const ids = { country: useId(), ips: useId() };
  const item = useBasketStore((state) => state.item);
  const setItem = useBasketStore((state) => state.setItem);
  const isPurchased = useBasketStore((state) => state.isPurchased);
  const restored = item?.flow === 'isp' && !isPurchased ? item.payload : null;

  // `ips` holds the chosen IP-count tariff id (the spec's step 4).
  const form = useForm<IspWizardFields, unknown, IspWizardChoice>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      authType: restored ? (restored.ip ? 'ip' : 'login') : undefined,
      ip: typeof restored?.ip === 'string' ? restored.ip : '',
      period: typeof restored?.period === 'number' ? restored.period : DEFAULT_ISP_PERIOD,
      country: typeof restored?.country_id === 'number' ? restored.country_id : undefined,
      ips: typeof restored?.tariff_id === 'number' ? restored.tariff_id : undefined,
      socks: restored?.socks === true,
    },
  });
  const [authType, ip = '', period, country, tariffId, socks] = useWatch({
    control: form.control,
    name: ['authType', 'ip', 'period', 'country', 'ips', 'socks'],
  });
  const { errors, isSubmitted } = form.formState;

  const countries = useIspCountries();
  const tariffs = useIspTariffs(country ?? null);
  const tariff = tariffs.data?.find((x) => x.id === tariffId);
  const countryRow = countries.data?.find((c) => c.id === country);

  // Live check for the basket: the chosen tariff must also be among the loaded options.
  const isComplete = ispWizardSchema.safeParse({
    authType,
    ip,
    period,
    country,
    ips: tariff?.id,
    socks,
  }).success;
  const errorOf = (field: Field) => {
    const key = errors[field]?.message;
    return key ? t(`errors.${key}` as 'errors.ip_required') : undefined;
  };
  // The IP rule is shown on its own: zod runs object refinements only once every field parses.
  const ipErrorKey =
    form.getFieldState('ip', form.formState).isTouched || isSubmitted
      ? ispIpError(authType, ip)
      : null;
  const priceOf = (x: { price: number; ports: number }) =>
    ispPriceCents({ priceCents: toCents(x.price), ports: x.ports }, period) / 100;

  useEffect(() => {
    if (!isComplete || !tariff || !countryRow) {
      if (restored) setItem(null);
      return;
    }
    const total = priceOf(tariff);
    const payload = {
      country_id: countryRow.id,
      period,
      ip: authType === 'ip' ? ip.trim() : '',
      tariff_id: tariff.id,
      quantity: tariff.ports,
      socks,
    };
    if (restored && JSON.stringify({ ...restored }) === JSON.stringify(payload)) return;
    setItem({
      flow: 'isp',
      tariff_id: tariff.id,
      title: tariff.title,
      price_per: Math.round((total / tariff.ports) * 100) / 100,
      total_price: total,
      period,
      details: [
        { key: 'auth', value: authType ?? 'login' },
        { key: 'period', value: String(period) },
        { key: 'country', value: countryRow.label },
        { key: 'ips', value: String(tariff.ports) },
        { key: 'protocol', value: socks ? 'socks' : 'http' },
      ],
      payload,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed from the choices listed
  }, [isComplete, tariff, countryRow, period, authType, ip, socks]);

  return (
    <section className="buy-step" aria-labelledby="buy-isp">
      <Link className="buy-back" to={`${paths.cabinet.buy}/select-type`}>
        ← {t('pools.back')}
      </Link>
      <h2 id="buy-isp" className="section-title">
        {t('isp.title')}
      </h2>
      {countries.isError && <FetchError onRetry={() => void countries.refetch()} />}

      <fieldset className="buy-fieldset">
        <legend>{t('isp.steps.auth')}</legend>
        <div className="buy-options">
          {(['login', 'ip'] as const).map((value) => (
            <label
              key={value}
              className={`buy-option${authType === value ? ' buy-option--selected' : ''}`}
            >
              <input
                type="radio"
                name="isp-auth"
                checked={authType === value}
                onChange={() => {
                  form.setValue('authType', value, CHOICE);
                  // Leaving IP authentication clears the IP text (spec section 4).
                  if (value !== 'ip') form.setValue('ip', '');
                }}
              />
              {t(`isp.auth.${value}`)}
            </label>
          ))}
        </div>
        {errorOf('authType') && <p className="form-error">{errorOf('authType')}</p>}
        {authType === 'ip' && (
          <Input
            label={t('isp.auth.ip_label')}
            inputMode="decimal"
            autoComplete="off"
            error={ipErrorKey ? t(`errors.${ipErrorKey}`) : undefined}
            {...form.register('ip')}
          />
        )}
      </fieldset>

      <fieldset className="buy-fieldset">
        <legend>{t('isp.steps.period')}</legend>
        {countries.isPending ? (
          <PeriodsSkeleton />
        ) : (
          <div className="buy-options">
            {ISP_PERIODS.map((days) => (
              <label
                key={days}
                className={`buy-option${period === days ? ' buy-option--selected' : ''}`}
              >
                <input
                  type="radio"
                  name="isp-period"
                  checked={period === days}
                  onChange={() => form.setValue('period', days, CHOICE)}
                />
                {t(`periods.${days}`)}
              </label>
            ))}
          </div>
        )}
      </fieldset>

      <fieldset className="buy-fieldset">
        <legend>{t('isp.steps.country')}</legend>
        <div className="field">
          <label className="field__label" htmlFor={ids.country}>
            {t('isp.steps.country')}
          </label>
          <select
            id={ids.country}
            className="field__input"
            value={country ?? ''}
            aria-invalid={errorOf('country') ? true : undefined}
            onChange={(event) => {
              const next = event.target.value ? Number(event.target.value) : undefined;
              form.setValue('country', next, CHOICE);
              // A new country reloads the IP options and clears the IP choice.
              form.setValue('ips', undefined, {
                shouldValidate: form.getFieldState('ips').isTouched || isSubmitted,
              });
            }}
          >
            <option value="">{t('isp.country_placeholder')}</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.id} value={c.id} disabled={c.count === 0}>
                {c.label} ({c.count === 0 ? t('isp.sold_out') : t('isp.free', { count: c.count })})
              </option>
            ))}
          </select>
          {errorOf('country') && <p className="form-error">{errorOf('country')}</p>}
        </div>
      </fieldset>

      <fieldset className="buy-fieldset">
        <legend>{t('isp.steps.ips')}</legend>
        <div className="field">
          <label className="field__label" htmlFor={ids.ips}>
            {t('isp.steps.ips')}
          </label>
          <select
            id={ids.ips}
            className="field__input"
            value={tariffId ?? ''}
            disabled={country === undefined}
            aria-invalid={errorOf('ips') ? true : undefined}
            onChange={(event) =>
              form.setValue(
                'ips',
                event.target.value ? Number(event.target.value) : undefined,
                CHOICE,
              )
            }
          >
            <option value="">
              {country === undefined ? t('isp.choose_country_first') : t('isp.ips_placeholder')}
            </option>
            {(tariffs.data ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.title}
                {isPriceHidden ? '' : ` — ${formatMoney(priceOf(x))}`}
              </option>
            ))}
          </select>
          {errorOf('ips') && <p className="form-error">{errorOf('ips')}</p>}
        </div>
      </fieldset>

      <fieldset className="buy-fieldset">
        <legend>{t('isp.steps.protocol')}</legend>
        <div className="buy-options">
          {(['http', 'socks'] as const).map((value) => (
            <label
              key={value}
              className={`buy-option${(value === 'socks') === socks ? ' buy-option--selected' : ''}`}
            >
              <input
                type="radio"
                name="isp-protocol"
                checked={(value === 'socks') === socks}
                onChange={() => form.setValue('socks', value === 'socks', CHOICE)}
              />
              {t(`isp.protocol.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {tariff && !isPriceHidden && <p className="buy-price">{formatMoney(priceOf(tariff))}</p>}
      <CartLink
        isSelected={isComplete}
        errorKey="errors.select_tariff"
        // A submit without a target: marks the form submitted and shows every field error.
        onInvalid={() => void form.handleSubmit(() => undefined)()}
      />
    </section>
  );
};
