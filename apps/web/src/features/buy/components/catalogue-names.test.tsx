import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import baseRu from '../../../../public/locales/ru/base.json';
import buyRu from '../../../../public/locales/ru/buy.json';
import { stubMatchMedia } from '../../../test/dom';
import { renderWithProviders } from '../../../test/render';
import { useBasketStore } from '../stores/basket-store';
import { CartSummary } from './cart-summary';
import { DynamicTariffs } from './dynamic-tariffs';
import { IspWizard } from './isp-wizard';
import { UnlimitedPlan } from './unlimited-plan';
import { loaded } from './wizard-test-kit';

/** The catalogue as the API answers it: English titles and names, ISO and city codes. */
const BASE = [
  { id: 1, title: 'Base 5 GB', price: 4.75, traffic: 5, per_gb: 0.95, period_days: 30 },
];
const COUNTRIES = [{ id: 1, label: 'Germany', iso2: 'DE', count: 40 }];
const ISP_TARIFFS = [
  { id: 11, title: '1 IP', ports: 1, price: 2, country_id: 1 },
  { id: 12, title: '5 IPs', ports: 5, price: 2, country_id: 1 },
];
const UNLIM_TARIFFS = [
  { id: 21, title: 'Unlimited 100 Mbps, 30 days', price: 50, duration_days: 30, speed_limit: 100 },
];
const LOCATIONS = [
  {
    id: 1,
    iso2: 'DE',
    location: { name: 'Germany, Frankfurt', city: 'frankfurt' },
    status: { is_available: true, is_active: true },
    servers: { available: 3 },
    network: { speeds: { min: '50 Mbps', max: '1 Gb', available: '1 Gb' } },
  },
  {
    id: 2,
    iso2: 'SG',
    location: { name: 'Singapore', city: 'singapore' },
    status: { is_available: true, is_active: true },
    servers: { available: 3 },
    network: { speeds: { min: '50 Mbps', max: '1 Gb', available: '1 Gb' } },
  },
];

vi.mock('../api/get-dynamic-tariffs', () => ({ useDynamicTariffs: () => loaded(BASE) }));
vi.mock('../api/get-isp-countries', () => ({ useIspCountries: () => loaded(COUNTRIES) }));
vi.mock('../api/get-isp-tariffs', () => ({
  useIspTariffs: (country: number | null) => loaded(country === null ? undefined : ISP_TARIFFS),
}));
vi.mock('../api/get-unlim-tariffs', () => ({ useUnlimTariffs: () => loaded(UNLIM_TARIFFS) }));
vi.mock('../api/get-unlim-locations', () => ({ useUnlimLocations: () => loaded(LOCATIONS) }));
vi.mock('../api/get-account', () => ({
  useAccount: () => ({ balance: 100, isLoaded: true, isRestricted: false, refetch: vi.fn() }),
}));

beforeAll(async () => {
  i18next.addResourceBundle('ru', 'base', baseRu);
  i18next.addResourceBundle('ru', 'buy', buyRu);
  await i18next.changeLanguage('ru');
});
afterAll(() => i18next.changeLanguage('en'));
beforeEach(() => {
  stubMatchMedia(false);
  useBasketStore.setState({ item: null, promo: null, isPurchased: false });
});

describe('the buy flow names tariffs and places in the interface language (ru)', () => {
  it('a Base card and the cart name the tariff in Russian', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <DynamicTariffs pool="base" isPriceHidden={false} />
        <CartSummary />
      </>,
    );
    const card = screen.getByRole('button', { name: /Базовый 5 ГБ/ });
    await user.click(card);
    const cart = screen.getByRole('heading', { name: 'Ваш заказ' }).parentElement!;
    expect(within(cart).getByText('Базовый 5 ГБ')).toBeTruthy();
  });

  it('the ISP wizard names the country and the number of IPs in Russian, as does the cart', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <IspWizard isPriceHidden={false} />
        <CartSummary />
      </>,
    );
    const country = screen.getByRole('combobox', { name: '3. Страна' });
    expect(within(country).getByRole('option', { name: /^Германия/ })).toBeTruthy();
    await user.selectOptions(country, '1');
    const ips = screen.getByRole('combobox', { name: '4. Количество IP' });
    expect(within(ips).getByRole('option', { name: /^1 IP-адрес —/ })).toBeTruthy();
    expect(within(ips).getByRole('option', { name: /^5 IP-адресов —/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Логин и пароль' }));
    await user.selectOptions(ips, '12');
    const cart = screen.getByRole('heading', { name: 'Ваш заказ' }).parentElement!;
    expect(within(cart).getByText('5 IP-адресов')).toBeTruthy();
    expect(within(cart).getByText('Германия')).toBeTruthy();
  });

  it('the unlimited plan names its locations and tariff in Russian', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <UnlimitedPlan isPriceHidden={false} />
        <CartSummary />
      </>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Скорость' }), '100');
    const location = screen.getByRole('combobox', { name: 'Расположение сервера' });
    expect(within(location).getByRole('option', { name: 'Германия, Франкфурт' })).toBeTruthy();
    // A city that is its country is named once.
    expect(within(location).getByRole('option', { name: 'Сингапур' })).toBeTruthy();
    await user.selectOptions(location, '1');
    const cart = screen.getByRole('heading', { name: 'Ваш заказ' }).parentElement!;
    expect(within(cart).getByText('Безлимитный 100 Мбит/с, 30 дней')).toBeTruthy();
    expect(within(cart).getByText('Германия, Франкфурт')).toBeTruthy();
  });
});
