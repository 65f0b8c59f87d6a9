import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DynamicPools } from './dynamic-pools';
import { loaded, setUpWizardTests } from './wizard-test-kit';

const dynamic = (id: number, price: number) => ({
  id,
  title: `${price}`,
  price,
  traffic: 1,
  per_gb: price,
  period_days: 30,
});
vi.mock('../api/get-dynamic-tariffs', () => ({
  useDynamicTariffs: (type: 1 | 4) =>
    loaded(type === 1 ? [dynamic(1, 4.75), dynamic(2, 1.5)] : [dynamic(3, 2.25)]),
}));
vi.mock('../api/get-unlim-tariffs', () => ({
  useUnlimTariffs: () =>
    loaded([
      { id: 7, title: 'U 100, 30 d', price: 2650, duration_days: 30, speed_limit: 100 },
      { id: 8, title: 'U 100, 7 d', price: 890, duration_days: 7, speed_limit: 100 },
      { id: 9, title: 'U 500, 7 d', price: 1790, duration_days: 7, speed_limit: 500 },
    ]),
}));

const pools = setUpWizardTests(<DynamicPools isPriceHidden={false} />);

describe('DynamicPools', () => {
  it('each card says the cheapest plan of its pool, the unlimited one with its period', () => {
    pools.render();
    expect(screen.getByRole('link', { name: /^Base/ }).textContent).toContain('from $1.5');
    expect(screen.getByRole('link', { name: /^Premium/ }).textContent).toContain('from $2.25');
    expect(screen.getByRole('link', { name: /^Unlimited/ }).textContent).toContain(
      'from $890 for 7 days',
    );
  });
});
