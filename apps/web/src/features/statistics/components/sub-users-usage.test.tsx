import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import statistics from '../../../../public/locales/en/statistics.json';
import { renderWithProviders } from '../../../test/render';
import { SubUsersUsage } from './sub-users-usage';

beforeAll(() => {
  i18next.addResourceBundle('en', 'statistics', statistics);
});

describe('SubUsersUsage', () => {
  it('splits the period by sub-user, deleted ones marked', () => {
    renderWithProviders(
      <SubUsersUsage
        periodLabel="Last 7 days"
        subUsers={[
          {
            id: 1,
            name: 'Team A',
            login: 'u1abc',
            deleted: false,
            bytes_up: 1024,
            bytes_down: 3 * 1024 ** 2,
            bytes: 1024 + 3 * 1024 ** 2,
          },
          {
            id: 2,
            name: 'Gone',
            login: 'u2abc',
            deleted: true,
            bytes_up: 0,
            bytes_down: 5,
            bytes: 5,
          },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'By sub-user' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Traffic by sub-user: Last 7 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Each amount under its column (the header is the cell's label, as the phone cards show it).
    const cells = (row: HTMLElement | undefined) =>
      ['Upload', 'Download', 'Total'].map(
        (label) => row?.querySelector(`td[data-label="${label}"]`)?.textContent,
      );
    expect(cells(rows[0])).toEqual(['1 KB', '3 MB', '3 MB']);
    expect(cells(rows[1])).toEqual(['0 B', '5 B', '5 B']);
    const [teamA, gone] = rows.map((row) => within(row));
    expect(teamA?.getByText('Team A')).toBeTruthy();
    expect(teamA?.getByText('u1abc')).toBeTruthy();
    expect(teamA?.queryByText('deleted')).toBeNull();
    expect(gone?.getByText('deleted')).toBeTruthy();
  });

  it('is not drawn for a package without sub-users', () => {
    const { container } = renderWithProviders(
      <SubUsersUsage periodLabel="All time" subUsers={[]} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
