import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import baseRu from '../../../../public/locales/ru/base.json';
import packagesRu from '../../../../public/locales/ru/packages.json';
import { renderWithProviders } from '../../../test/render';
import { GeneratorForm } from './generator-form';

/** The generator's locations as the API answers them: the country in the request language. */
const LOCATIONS = {
  data: [
    {
      id: 276,
      iso2: 'DE',
      name: 'Германия',
      cities: [
        { code: 'berlin', name: 'Berlin' },
        { code: 'frankfurt', name: 'Frankfurt' },
      ],
    },
  ],
};

beforeAll(async () => {
  i18next.addResourceBundle('ru', 'base', baseRu);
  i18next.addResourceBundle('ru', 'packages', packagesRu);
  await i18next.changeLanguage('ru');
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(LOCATIONS), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the generator names its cities in the interface language (ru)', () => {
  it('names the cities of a ticked country from their codes', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<GeneratorForm packageId={7} onGenerated={vi.fn()} />);
    const countries = await screen.findByRole('list', { name: 'Страны' }, { timeout: 5_000 });
    await user.click(within(countries).getByRole('checkbox', { name: 'Германия' }));
    const cities = screen.getByRole('list', { name: 'Города' });
    expect(within(cities).getByRole('checkbox', { name: 'Берлин' })).toBeTruthy();
    expect(within(cities).getByRole('checkbox', { name: 'Франкфурт' })).toBeTruthy();
  });
});
