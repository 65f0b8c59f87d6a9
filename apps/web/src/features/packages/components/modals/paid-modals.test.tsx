import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import packages from '../../../../../public/locales/en/packages.json';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { renderWithProviders } from '../../../../test/render';
import { ExtendModal } from './extend-modal';
import { UpgradeModal } from './upgrade-modal';

const NOW = new Date('2026-12-01T10:00:00.000Z');
const DAY_MS = 86_400_000;
/** A date as the modals write it: THE date format of the cabinet, in English. */
const shown = (ms: number) => formatDateTime(new Date(ms).toISOString(), 'en');

beforeAll(() => {
  i18next.addResourceBundle('en', 'packages', packages);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('ExtendModal', () => {
  it('says until when the package runs once extended: one period after its expiry', () => {
    const expiresAt = '2027-01-10T12:00:00.000Z';
    renderWithProviders(
      <ExtendModal
        pkg={{ id: 5, name: 'Base 5 GB', price: 4.75, expiresAt }}
        onClose={() => undefined}
      />,
    );
    const until = shown(Date.parse(expiresAt) + 30 * DAY_MS);
    expect(screen.getByText(`Once extended, the package runs until ${until}.`)).toBeTruthy();
  });

  it('an ISP package: the chosen period counts; an expired package runs from now', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ExtendModal
        pkg={{
          id: 6,
          name: '5 IPs',
          price: 2,
          expiresAt: '2026-11-20T00:00:00.000Z',
          isp: { ports: 5, period: 30 },
        }}
        onClose={() => undefined}
      />,
    );
    expect(
      screen.getByText(
        `Once extended, the package runs until ${shown(NOW.getTime() + 30 * DAY_MS)}.`,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(
      screen.getByText(
        `Once extended, the package runs until ${shown(NOW.getTime() + 7 * DAY_MS)}.`,
      ),
    ).toBeTruthy();
  });
});

describe('UpgradeModal', () => {
  it('says that the traffic counter restarts with the new tariff and a new 30-day period', () => {
    renderWithProviders(
      <UpgradeModal
        packageId={5}
        name="Base 10 GB"
        offer={{
          package_discount: 20,
          price: 7.2,
          tariff: { id: 3, title: 'Base 10 GB', traffic: 10, price: 9, per_gb: 0.9 },
        }}
        isPriceHidden={false}
        onClose={() => undefined}
      />,
    );
    expect(
      screen.getByText(
        `The upgrade starts a new 30-day period at once, until ${shown(NOW.getTime() + 30 * DAY_MS)}: ` +
          'the traffic used so far is not carried over, the counter restarts at 0 of 10 GB.',
      ),
    ).toBeTruthy();
  });
});
