import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import packages from '../../../../../public/locales/en/packages.json';
import { renderWithProviders } from '../../../../test/render';
import { AlertsSection } from './alerts-section';

beforeAll(() => {
  i18next.addResourceBundle('en', 'packages', packages);
});
afterEach(() => vi.unstubAllGlobals());

type Stored = { traffic_percents: number[]; expiry_days: number[] };

/**
 * The alerts endpoints of one package: GET answers what is stored, PUT stores its body (or
 * answers `refusal`); every PUT body is kept.
 */
const serve = (kinds: { has_traffic: boolean; has_expiry: boolean }, refusal?: object) => {
  let stored: Stored = { traffic_percents: [], expiry_days: [7] };
  const sent: unknown[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    expect(url).toBe('/api/packages/5/alerts');
    if (init?.method === 'PUT') {
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '') as Stored;
      sent.push(body);
      if (refusal) return Promise.resolve(Response.json(refusal, { status: 422 }));
      stored = body;
    }
    return Promise.resolve(Response.json({ data: { ...stored, ...kinds } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent };
};

describe('AlertsSection', () => {
  it('checks the lists with the contract before sending, then sends them ascending', async () => {
    const user = userEvent.setup();
    const { sent } = serve({ has_traffic: true, has_expiry: true });
    renderWithProviders(<AlertsSection packageId={5} />);
    const traffic = await screen.findByLabelText('Traffic used, %');
    const days = screen.getByLabelText('Days before the expiry');
    expect(screen.getByLabelText<HTMLInputElement>('Days before the expiry').value).toBe('7');

    await user.type(traffic, '0, 50');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText('Whole numbers from 1 to 100.')).toBeTruthy();
    await user.clear(traffic);
    await user.type(traffic, '50, 50');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText('Each value only once.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(traffic);
    await user.type(traffic, '95 50, 80');
    await user.clear(days);
    await user.type(days, '3, 1');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() =>
      expect(sent).toEqual([{ traffic_percents: [50, 80, 95], expiry_days: [1, 3] }]),
    );
    // The stored answer comes back into the form.
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Traffic used, %').value).toBe('50, 80, 95'),
    );
  });

  it('a package without a traffic limit offers only the days; a server field error shows under its field', async () => {
    const user = userEvent.setup();
    serve(
      { has_traffic: false, has_expiry: true },
      {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'The given data was invalid.',
        errors: { expiry_days: ['This package does not expire.'] },
      },
    );
    renderWithProviders(<AlertsSection packageId={5} />);
    const days = await screen.findByLabelText('Days before the expiry');
    expect(screen.queryByLabelText('Traffic used, %')).toBeNull();
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(
      await screen.findByText('This package does not expire.', { selector: 'p' }),
    ).toBeTruthy();
  });
});
