import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import baseRu from '../../../../public/locales/ru/base.json';
import packagesRu from '../../../../public/locales/ru/packages.json';
import { renderWithProviders } from '../../../test/render';
import { CreateListModal } from './create-list-modal';

/** The location options as the API answers them: codes, places with English names. */
const answer = (url: URL): unknown => {
  if (url.pathname.endsWith('/locations/countries'))
    return {
      presets: ['custom', 'world-mix'],
      countries: [{ code: 'DE', name: { en: 'Germany', ru: 'Германия' } }],
    };
  if (url.pathname.endsWith('/locations/regions'))
    return { data: [{ code: 'hesse', name: 'Hesse' }] };
  if (url.pathname.endsWith('/locations/cities'))
    return { data: [{ code: 'frankfurt', name: 'Frankfurt' }] };
  return { data: [] };
};

beforeAll(async () => {
  i18next.addResourceBundle('ru', 'base', baseRu);
  i18next.addResourceBundle('ru', 'packages', packagesRu);
  await i18next.changeLanguage('ru');
  vi.stubGlobal('crypto', globalThis.crypto);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        new Response(JSON.stringify(answer(new URL(input, 'http://localhost'))), {
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the list form names countries, regions and cities in the interface language (ru)', () => {
  it('names them from their codes', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateListModal packageId={5} onClose={() => {}} onCreated={vi.fn()} />);
    const preset = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Набор локаций' });
    await waitFor(() => expect(preset.disabled).toBe(false));
    await user.selectOptions(preset, 'custom');
    await user.click(screen.getByRole('checkbox', { name: 'Германия' }));
    const region = await screen.findByRole('combobox', { name: 'Регион' });
    expect(within(region).getByRole('option', { name: 'Гессен' })).toBeTruthy();
    await user.selectOptions(region, 'hesse');
    const city = await screen.findByRole('combobox', { name: 'Город' });
    expect(within(city).getByRole('option', { name: 'Франкфурт' })).toBeTruthy();
  });
});
