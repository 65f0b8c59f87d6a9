import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PAYMENT_NETWORK,
  PAYMENT_METHODS,
  TOP_UP_PRESET_AMOUNTS,
  findPaymentMethod,
  formatDollars,
  isWithinMethodBounds,
  topUpSchema,
  type TopUpCommand,
  type TopUpInput,
  toDollars,
} from '@proxy/contract';
import { trackEvent } from '../../../shared/analytics/analytics';
import { isApiError } from '../../../shared/api/api-error';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { applyServerFieldErrors, translateFieldError } from '../../../shared/lib/form-errors';
import { Button, FieldError, Input, showAlert } from '../../../shared/ui';
import { useCreatePayment } from '../api/create-payment';
import { useNetworks } from '../api/get-networks';
import { amountFromQuery, savePaymentData } from '../utils/payment-cookie';
import './top-up.css';

type FormValues = {
  amount: string;
  type?: number;
  payment_system?: number | null;
  network?: string | null;
};

const methodIdOf = (type: number | undefined, paymentSystem: number | null | undefined) =>
  type === undefined
    ? ''
    : (findPaymentMethod(type, type === 7 ? (paymentSystem ?? null) : null)?.id ?? '');

/** The top-up form (spec 001: amount, method cards with bounds, network only for crypto). */
export const TopUpPage = () => {
  const { t, i18n } = useTranslation('top-up');
  const money = (cents: number) => formatDollars(toDollars(cents), i18n.language);
  const [params] = useSearchParams();
  const create = useCreatePayment();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<FormValues, unknown, TopUpCommand>({
    resolver: zodResolver(topUpSchema) as never,
    defaultValues: {
      amount: amountFromQuery(params.get('amount')),
      network: null,
      payment_system: null,
    },
  });
  const type = useWatch({ control, name: 'type' });
  const paymentSystem = useWatch({ control, name: 'payment_system' });
  const amount = useWatch({ control, name: 'amount' });
  const selectedId = methodIdOf(type, paymentSystem);
  const selected = useMemo(() => PAYMENT_METHODS.find((m) => m.id === selectedId), [selectedId]);
  const isCrypto = selected?.hasNetworks ?? false;
  const networks = useNetworks(isCrypto);

  useEffect(() => {
    if (networks.isError) showAlert.error(t('errors.networks_list'));
  }, [networks.isError, t]);

  const chooseMethod = (id: string) => {
    const method = PAYMENT_METHODS.find((m) => m.id === id);
    if (!method) return;
    setValue('type', method.type, { shouldValidate: false });
    setValue('payment_system', method.paymentSystem);
    // The network belongs to crypto only: reset it for any other method.
    if (!method.hasNetworks) setValue('network', null);
  };

  /** Contract keys of this namespace carry the method bound; the rest are base validation keys. */
  const errorText = (message: string | undefined) => {
    if (!message) return undefined;
    if (message.startsWith('top-up:')) {
      const bound = message.endsWith('min_amount_payment')
        ? selected?.minCents
        : selected?.maxCents;
      return translateDynamic(message, { amount: bound === undefined ? '' : money(bound) });
    }
    return translateFieldError(message);
  };

  const onSubmit = handleSubmit(async (command) => {
    const payload = {
      amount: toDollars(command.amountCents),
      type: command.type,
      payment_system: command.paymentSystem,
      network: command.network ?? DEFAULT_PAYMENT_NETWORK,
    };
    try {
      const response = await create.mutateAsync(payload);
      savePaymentData(payload);
      trackEvent('top_up', {});
      window.location.assign(response.url);
    } catch (error) {
      if (isApiError(error) && !error.isTransport) {
        applyServerFieldErrors(error, setError, ['amount', 'type', 'network']);
        showAlert.error(error.message || t('errors.payment'));
      } else showAlert.error(t('errors.payment'));
    }
  });

  return (
    <div className="stack top-up">
      <h1 className="page-title">{t('title')}</h1>
      <form className="card stack" noValidate onSubmit={onSubmit}>
        <Input
          label={t('amount')}
          inputMode="decimal"
          autoComplete="off"
          hint={
            selected
              ? t('amount_hint', { min: money(selected.minCents), max: money(selected.maxCents) })
              : undefined
          }
          error={errorText(errors.amount?.message)}
          {...register('amount')}
        />
        <div className="cluster top-up__presets" role="group" aria-label={t('presets')}>
          {TOP_UP_PRESET_AMOUNTS.map((preset) => (
            <Button
              key={preset}
              variant="secondary"
              size="sm"
              aria-pressed={amount === String(preset)}
              // A chosen method takes only the amounts within its bounds.
              disabled={selected !== undefined && !isWithinMethodBounds(selected, preset)}
              // After a refused submit the field is checked again at once, as when typed.
              onClick={() =>
                setValue('amount', String(preset), {
                  shouldDirty: true,
                  shouldValidate: isSubmitted,
                })
              }
            >
              {formatDollars(preset, i18n.language)}
            </Button>
          ))}
        </div>
        <fieldset
          className="stack top-up__methods"
          aria-describedby={errors.type ? 'top-up-method-error' : undefined}
        >
          <legend className="field__label">{t('method')}</legend>
          <div className="card-grid top-up__grid">
            {PAYMENT_METHODS.map((method) => (
              <label
                key={method.id}
                className={`top-up__method panel${method.id === selectedId ? ' top-up__method--active' : ''}`}
              >
                <input
                  type="radio"
                  name="method"
                  value={method.id}
                  checked={method.id === selectedId}
                  onChange={() => chooseMethod(method.id)}
                />
                <span className="top-up__method-name">
                  {t(`methods.${method.id}` as 'methods.3')}
                </span>
                <span className="top-up__method-bounds">
                  {t('bounds', { min: money(method.minCents), max: money(method.maxCents) })}
                </span>
              </label>
            ))}
          </div>
          <FieldError id="top-up-method-error" text={errorText(errors.type?.message)} />
        </fieldset>
        {isCrypto && (
          <div className={`field${errors.network ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor="top-up-network">
              {t('network')}
            </label>
            <select
              id="top-up-network"
              className="field__input"
              aria-invalid={errors.network ? true : undefined}
              aria-describedby={errors.network ? 'top-up-network-error' : undefined}
              {...register('network')}
            >
              <option value="">{t('network_placeholder')}</option>
              {(networks.data?.networks ?? []).map((network) => (
                <option key={network} value={network}>
                  {network}
                </option>
              ))}
            </select>
            <FieldError id="top-up-network-error" text={errorText(errors.network?.message)} />
          </div>
        )}
        <div>
          <Button type="submit" isLoading={isSubmitting} disabled={isSubmitting}>
            {t('submit')}
          </Button>
        </div>
      </form>
    </div>
  );
};

export type { TopUpInput };
