import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formErrorTexts } from '../../../test/dom';
import { useBasketStore } from '../stores/basket-store';
import { UnlimitedPlan } from './unlimited-plan';
import { askForCart, loaded, setUpWizardTests } from './wizard-test-kit';

const TARIFFS = [
  { id: 1, title: 'Unlim 100, 30 days', price: 50, duration_days: 30, speed_limit: 100 },
  { id: 2, title: 'Unlim 500, 30 days', price: 90, duration_days: 30, speed_limit: 500 },
  { id: 3, title: 'Unlim 100, 7 days', price: 20, duration_days: 7, speed_limit: 100 },
];
const location = (id: number, name: string, max: string) => ({
  id,
  iso2: 'DE',
  location: { name },
  status: { is_available: true, is_active: true },
  servers: { available: 3 },
  network: { speeds: { min: '50 Mbps', max, available: max } },
});
const LOCATIONS = [location(1, 'Frankfurt', '1 Gb'), location(2, 'Paris', '200 Mbps')];

vi.mock('../api/get-unlim-tariffs', () => ({ useUnlimTariffs: () => loaded(TARIFFS) }));
vi.mock('../api/get-unlim-locations', () => ({ useUnlimLocations: () => loaded(LOCATIONS) }));

const wizard = setUpWizardTests(<UnlimitedPlan isPriceHidden={false} />);

describe('UnlimitedPlan (spec 001 wizard rules)', () => {
  it('opens on the cheapest plan’s period (the pool card’s from-price) and shows the missing choices only once the cart is asked for', async () => {
    const { user, container } = wizard.renderUntouched('7 days');
    expect(await askForCart(user, container)).toEqual(['Choose a speed', 'Choose a location']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '100');
    expect(formErrorTexts(container)).toEqual(['Choose a location']);
  });

  it('clears the location when the speed leaves its range; a full choice fills the basket', async () => {
    const user = userEvent.setup();
    wizard.render();
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    const speed = screen.getByRole('combobox', { name: 'Speed' });
    const place = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Server location' });
    await user.selectOptions(speed, '100');
    await user.selectOptions(place, '2');
    expect(useBasketStore.getState().item?.payload).toMatchObject({ tariff_id: 1, location_id: 2 });
    // Paris stops at 200 Mbps: 500 clears it.
    await user.selectOptions(speed, '500');
    expect(place.value).toBe('');
    expect(useBasketStore.getState().item).toBeNull();
    // Frankfurt goes to 1 Gbps: it stays through a speed change.
    await user.selectOptions(place, '1');
    await user.selectOptions(speed, '100');
    expect(place.value).toBe('1');
    expect(useBasketStore.getState().item?.payload).toMatchObject({ tariff_id: 1, location_id: 1 });
  });
});
