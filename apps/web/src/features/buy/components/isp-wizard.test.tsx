import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import buy from '../../../../public/locales/en/buy.json';
import { formErrorTexts, stubMatchMedia } from '../../../test/dom';
import { useBasketStore } from '../stores/basket-store';
import { IspWizard } from './isp-wizard';

const COUNTRIES = [
  { id: 1, label: 'Germany', iso2: 'DE', count: 5 },
  { id: 2, label: 'France', iso2: 'FR', count: 3 },
];
const TARIFFS = [
  { id: 11, title: '1 IP', ports: 1, price: 2, country_id: 1 },
  { id: 12, title: '5 IPs', ports: 5, price: 2, country_id: 1 },
  { id: 21, title: '1 IP', ports: 1, price: 3, country_id: 2 },
];
const loaded = <T,>(data: T) => ({ data, isPending: false, isError: false, refetch: vi.fn() });

vi.mock('../api/catalogue', () => ({
  useIspCountries: () => loaded(COUNTRIES),
  useIspTariffs: (country: number | null) =>
    loaded(country === null ? undefined : TARIFFS.filter((x) => x.country_id === country)),
}));

const renderWizard = () =>
  render(
    <MemoryRouter>
      <IspWizard isPriceHidden={false} />
    </MemoryRouter>,
  );

beforeAll(() => {
  i18next.addResourceBundle('en', 'buy', buy);
});
beforeEach(() => {
  stubMatchMedia(false);
  useBasketStore.setState({ item: null, isPurchased: false });
});

describe('IspWizard (spec 001 wizard rules)', () => {
  it('starts on 30 days and reports every missing step when the cart is asked for', async () => {
    const user = userEvent.setup();
    const { container } = renderWizard();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '30 days' }).checked).toBe(true);
    expect(formErrorTexts(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Go to cart' }));
    expect(formErrorTexts(container)).toEqual([
      'Choose the authentication type',
      'Choose a country',
      'Choose the number of IPs',
    ]);
  });

  it('validates the IP on blur and clears it when the authentication type changes', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('radio', { name: 'IP address' }));
    await user.type(screen.getByLabelText('Your IP address'), '300.1.1.1');
    await user.tab();
    expect(await screen.findByText('Enter a valid IP address')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Login and password' }));
    expect(screen.queryByLabelText('Your IP address')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'IP address' }));
    expect(screen.getByLabelText<HTMLInputElement>('Your IP address').value).toBe('');
  });

  it('a new country reloads the IP options and clears the chosen count; a full choice fills the basket', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('radio', { name: 'Login and password' }));
    const country = screen.getByRole('combobox', { name: '3. Country' });
    const ips = screen.getByRole<HTMLSelectElement>('combobox', { name: '4. Number of IPs' });
    expect(ips.disabled).toBe(true);
    await user.selectOptions(country, '1');
    await user.selectOptions(ips, '12');
    expect(useBasketStore.getState().item?.payload).toMatchObject({
      country_id: 1,
      tariff_id: 12,
      period: 30,
    });
    await user.selectOptions(country, '2');
    expect(ips.value).toBe('');
    expect(
      within(ips)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose the number of IPs', '1 IP — $3']);
    expect(useBasketStore.getState().item).toBeNull();
  });
});
