import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_ISP_PERIOD,
  ISP_PERIODS,
  ispIpError,
  ispPriceCents,
  ispWizardSchema,
  toCents,
  type IspWizardValues,
  formatDollars,
  toDollars,
} from '@proxy/contract';
import { Input } from '../../../shared/ui';
import { paths } from '../../../shared/config/paths';
import { countryName, tariffName } from '../../../shared/lib/catalogue-names';
import { useIspCountries } from '../api/get-isp-countries';
import { useIspTariffs } from '../api/get-isp-tariffs';
import { useBasketChoice } from '../stores/basket-store';
import { choiceResolver } from '../utils/choice-resolver';
import { FetchError } from './skeletons';
import { CartLink } from './cart-link';
import { BuyStep, ChoiceStep, OptionRadios, PeriodStep, StepError } from './buy-step';

type Field = 'authType' | 'country' | 'ips';
/** The wizard's fields start empty; the contract schema says which must be filled. */
type IspWizardFields = Partial<IspWizardValues> & Pick<IspWizardValues, 'period' | 'socks'>;
type IspWizardChoice = z.output<typeof ispWizardSchema>;
const resolver = choiceResolver<IspWizardFields, IspWizardChoice>(ispWizardSchema);
/** Radios and selects are written with setValue: marked touched and checked at once, as a blur would. */
const CHOICE = { shouldTouch: true, shouldDirty: true, shouldValidate: true } as const;
const AUTH_TYPES = ['login', 'ip'] as const;
const PROTOCOLS = ['http', 'socks'] as const;

/** The five ISP steps: authentication type, period (default 30), country, IP count, protocol. */
export const IspWizard = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t, i18n } = useTranslation('buy');
  const { chosen, setItem } = useBasketChoice('isp');
  const restored = chosen?.payload ?? null;

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
    toDollars(ispPriceCents({ priceCents: toCents(x.price), ports: x.ports }, period));

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
      tariff: { family: 'isp', ports: tariff.ports },
      price_per: toDollars(Math.round(toCents(total) / tariff.ports)),
      total_price: total,
      period,
      details: [
        { key: 'auth', value: authType ?? 'login' },
        { key: 'period', value: String(period) },
        { key: 'country', iso2: countryRow.iso2 },
        { key: 'ips', value: String(tariff.ports) },
        { key: 'protocol', value: socks ? 'socks' : 'http' },
      ],
      payload,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed from the choices listed
  }, [isComplete, tariff, countryRow, period, authType, ip, socks]);

  return (
    <BuyStep
      headingId="buy-isp"
      title={t('isp.title')}
      back={{ to: `${paths.cabinet.buy}/select-type`, label: t('pools.back') }}
    >
      {countries.isError && <FetchError onRetry={() => void countries.refetch()} />}

      <fieldset className="buy-fieldset panel">
        <legend>{t('isp.steps.auth')}</legend>
        <OptionRadios
          name="isp-auth"
          options={AUTH_TYPES}
          selected={authType}
          onSelect={(value) => {
            form.setValue('authType', value, CHOICE);
            // Leaving IP authentication clears the IP text (spec section 4).
            if (value !== 'ip') form.setValue('ip', '');
          }}
          labelOf={(value) => t(`isp.auth.${value}`)}
        />
        <StepError text={errorOf('authType')} />
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

      <PeriodStep
        legend={t('isp.steps.period')}
        periods={ISP_PERIODS}
        isPending={countries.isPending}
        selected={period}
        onSelect={(days) => form.setValue('period', days, CHOICE)}
      />

      <ChoiceStep
        legend={t('isp.steps.country')}
        value={country}
        placeholder={t('isp.country_placeholder')}
        error={errorOf('country')}
        onChoose={(next) => {
          form.setValue('country', next, CHOICE);
          // A new country reloads the IP options and clears the IP choice.
          form.setValue('ips', undefined, {
            shouldValidate: form.getFieldState('ips').isTouched || isSubmitted,
          });
        }}
      >
        {(countries.data ?? []).map((c) => (
          <option key={c.id} value={c.id} disabled={c.count === 0}>
            {countryName(c.iso2)} (
            {c.count === 0 ? t('isp.sold_out') : t('isp.free', { count: c.count })})
          </option>
        ))}
      </ChoiceStep>

      <ChoiceStep
        legend={t('isp.steps.ips')}
        value={tariffId}
        placeholder={
          country === undefined ? t('isp.choose_country_first') : t('isp.ips_placeholder')
        }
        isDisabled={country === undefined}
        error={errorOf('ips')}
        onChoose={(next) => form.setValue('ips', next, CHOICE)}
      >
        {(tariffs.data ?? []).map((x) => (
          <option key={x.id} value={x.id}>
            {tariffName({ family: 'isp', ports: x.ports })}
            {isPriceHidden ? '' : ` — ${formatDollars(priceOf(x), i18n.language)}`}
          </option>
        ))}
      </ChoiceStep>

      <fieldset className="buy-fieldset panel">
        <legend>{t('isp.steps.protocol')}</legend>
        <OptionRadios
          name="isp-protocol"
          options={PROTOCOLS}
          selected={socks ? 'socks' : 'http'}
          onSelect={(value) => form.setValue('socks', value === 'socks', CHOICE)}
          labelOf={(value) => t(`isp.protocol.${value}`)}
        />
      </fieldset>
      <CartLink
        isSelected={isComplete}
        errorKey="errors.select_tariff"
        // A submit without a target: marks the form submitted and shows every field error.
        onInvalid={() => void form.handleSubmit(() => undefined)()}
      />
    </BuyStep>
  );
};
