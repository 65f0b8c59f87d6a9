import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_ISP_PERIOD,
  ISP_PERIODS,
  ispIpError,
  ispPriceCents,
  ispWizardSchema,
  toCents,
  type IspAuthType,
} from '@proxy/contract';
import { Input } from '../../../shared/ui';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/format-money';
import { useIspCountries, useIspTariffs } from '../api/catalogue';
import { useBasketStore } from '../stores/basket-store';
import { FetchError, PeriodsSkeleton } from './skeletons';
import { CartLink } from './cart-link';

type Field = 'authType' | 'ip' | 'country' | 'ips';

/** The five ISP steps: authentication type, period (default 30), country, IP count, protocol. */
export const IspWizard = ({ isPriceHidden }: { isPriceHidden: boolean }) => {
  const { t } = useTranslation('buy');
  const ids = { country: useId(), ips: useId() };
  const item = useBasketStore((state) => state.item);
  const setItem = useBasketStore((state) => state.setItem);
  const isPurchased = useBasketStore((state) => state.isPurchased);
  const restored = item?.flow === 'isp' && !isPurchased ? item.payload : null;

  const [authType, setAuthType] = useState<IspAuthType | undefined>(
    restored ? (restored.ip ? 'ip' : 'login') : undefined,
  );
  const [ip, setIp] = useState(typeof restored?.ip === 'string' ? restored.ip : '');
  const [period, setPeriod] = useState<number>(
    typeof restored?.period === 'number' ? restored.period : DEFAULT_ISP_PERIOD,
  );
  const [country, setCountry] = useState<number | null>(
    typeof restored?.country_id === 'number' ? restored.country_id : null,
  );
  const [tariffId, setTariffId] = useState<number | null>(
    typeof restored?.tariff_id === 'number' ? restored.tariff_id : null,
  );
  const [socks, setSocks] = useState(restored?.socks === true);
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const touch = (field: Field) => setTouched((prev) => new Set(prev).add(field));

  const countries = useIspCountries();
  const tariffs = useIspTariffs(country);
  const tariff = tariffs.data?.find((x) => x.id === tariffId);
  const countryRow = countries.data?.find((c) => c.id === country);

  const validation = ispWizardSchema.safeParse({
    authType,
    ip,
    period,
    country: country ?? undefined,
    ips: tariff ? tariff.id : undefined,
    socks,
  });
  const errorOf = (field: Field) => {
    if (!touched.has(field)) return undefined;
    // The IP rule is checked on its own: zod runs object refinements only once every field parses.
    if (field === 'ip') {
      const ipError = ispIpError(authType, ip);
      return ipError ? t(`errors.${ipError}`) : undefined;
    }
    if (validation.success) return undefined;
    const issue = validation.error.issues.find((i) => i.path[0] === field);
    return issue ? t(`errors.${issue.message}` as 'errors.ip_required') : undefined;
  };
  const priceOf = (x: { price: number; ports: number }) =>
    ispPriceCents({ priceCents: toCents(x.price), ports: x.ports }, period) / 100;

  useEffect(() => {
    if (!validation.success || !tariff || !countryRow) {
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
  }, [validation.success, tariff, countryRow, period, authType, ip, socks]);

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
                  setAuthType(value);
                  touch('authType');
                  // Leaving IP authentication clears the IP text (spec section 4).
                  if (value !== 'ip') setIp('');
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
            value={ip}
            inputMode="decimal"
            autoComplete="off"
            onChange={(event) => setIp(event.target.value)}
            onBlur={() => touch('ip')}
            error={errorOf('ip')}
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
                  onChange={() => setPeriod(days)}
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
              setCountry(event.target.value ? Number(event.target.value) : null);
              // A new country reloads the IP options and clears the IP choice.
              setTariffId(null);
              touch('country');
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
            disabled={country === null}
            aria-invalid={errorOf('ips') ? true : undefined}
            onChange={(event) => {
              setTariffId(event.target.value ? Number(event.target.value) : null);
              touch('ips');
            }}
          >
            <option value="">
              {country === null ? t('isp.choose_country_first') : t('isp.ips_placeholder')}
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
                onChange={() => setSocks(value === 'socks')}
              />
              {t(`isp.protocol.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {tariff && !isPriceHidden && <p className="buy-price">{formatMoney(priceOf(tariff))}</p>}
      <CartLink
        isSelected={validation.success}
        errorKey="errors.select_tariff"
        onInvalid={() => setTouched(new Set<Field>(['authType', 'ip', 'country', 'ips']))}
      />
    </section>
  );
};
