import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useBasketStore } from '../stores/basket-store';
import { IspWizard } from './isp-wizard';
import { askForCart, loaded, setUpWizardTests } from './wizard-test-kit';
import { stubMatchMedia } from '../../../test/dom';

const COUNTRIES = [
  { id: 1, label: 'Germany', iso2: 'DE', count: 5 },
  { id: 2, label: 'France', iso2: 'FR', count: 3 },
];
const TARIFFS = [
  { id: 11, title: '1 IP', ports: 1, price: 2, country_id: 1 },
  { id: 12, title: '5 IPs', ports: 5, price: 2, country_id: 1 },
  { id: 21, title: '1 IP', ports: 1, price: 3, country_id: 2 },
];

vi.mock('../api/get-isp-countries', () => ({ useIspCountries: () => loaded(COUNTRIES) }));
vi.mock('../api/get-account', () => ({
  useAccount: () => ({ balance: 100, isRestricted: false, isLoaded: true, refetch: vi.fn() }),
}));
vi.mock('../api/get-isp-tariffs', () => ({
  useIspTariffs: (country: number | null) =>
    loaded(country === null ? undefined : TARIFFS.filter((x) => x.country_id === country)),
}));

const wizard = setUpWizardTests(<IspWizard isPriceHidden={false} />);
const desktop = setUpWizardTests(<IspWizard isPriceHidden={false} />, { withCart: true });

describe('IspWizard (spec 001 wizard rules)', () => {
  it('starts on 30 days and reports every missing step when the cart is asked for', async () => {
    const { user, container } = wizard.renderUntouched();
    expect(await askForCart(user, container)).toEqual([
      'Choose the authentication type',
      'Choose a country',
      'Choose the number of IPs',
    ]);
  });

  it('validates the IP on blur and clears it when the authentication type changes', async () => {
    const user = userEvent.setup();
    wizard.render();
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
    wizard.render();
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

  it('names each step once and shows no price line of its own', async () => {
    const user = userEvent.setup();
    wizard.render();
    for (const step of ['1. Authentication type', '2. Period', '3. Country', '4. Number of IPs'])
      expect(screen.getAllByText(step), step).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: '3. Country' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Login and password' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '3. Country' }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: '4. Number of IPs' }), '12');
    expect(useBasketStore.getState().item?.total_price).toBe(2);
    expect(screen.getByRole('option', { name: '5 IPs — $2' })).toBeTruthy();
    // The price is in the chosen option and in the order summary, not on a line of its own.
    expect(screen.queryAllByText('$2')).toEqual([]);
  });

  it.each([
    ['999.1.1.1', 'Enter a valid IP address'],
    ['', 'Enter your IP address'],
  ])(
    'desktop: with the whitelist IP "%s" the summary keeps Buy, which names the IP error',
    async (typed, error) => {
      stubMatchMedia(true);
      const user = userEvent.setup();
      desktop.render();
      await user.click(screen.getByRole('radio', { name: 'IP address' }));
      if (typed) await user.type(screen.getByLabelText('Your IP address'), typed);
      await user.selectOptions(screen.getByRole('combobox', { name: '3. Country' }), '1');
      await user.selectOptions(screen.getByRole('combobox', { name: '4. Number of IPs' }), '12');
      expect(useBasketStore.getState().item).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Buy' }));
      expect(screen.getByText(error)).toBeTruthy();
      expect(
        screen.getByLabelText<HTMLInputElement>('Your IP address').getAttribute('aria-invalid'),
      ).toBe('true');
    },
  );
});
