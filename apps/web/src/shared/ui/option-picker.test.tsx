import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OptionChecklist, OptionSelect } from './option-picker';

const options = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ value: `c${i}`, label: `Country ${i}` }));

describe('option lists', () => {
  it('have no search box with 10 options', () => {
    render(
      <OptionChecklist label="Countries" options={options(10)} values={[]} onChange={vi.fn()} />,
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(10);
  });

  it('get a search box above 10 options, which filters them', async () => {
    const user = userEvent.setup();
    render(
      <OptionChecklist label="Countries" options={options(11)} values={[]} onChange={vi.fn()} />,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search in Countries' }), 'y 1');
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Country 1',
      'Country 10',
    ]);
  });

  it('a select keeps its chosen option while searching, and answers null for the empty choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <OptionSelect
        label="City"
        options={options(12)}
        value="c3"
        onChange={onChange}
        emptyLabel="Any"
      />,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search in City' }), 'Country 7');
    const select = screen.getByRole('combobox', { name: 'City' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Country 3', 'Country 7']);
    await user.selectOptions(select, '');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
