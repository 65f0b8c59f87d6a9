import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import en from '../../../../public/locales/en/top-up.json';
import ru from '../../../../public/locales/ru/top-up.json';
import ruBase from '../../../../public/locales/ru/base.json';
import { renderWithProviders } from '../../../test/render';
import { TopUpPage } from './top-up-page';

beforeAll(() => {
  i18next.addResourceBundle('en', 'top-up', en);
  i18next.addResourceBundle('ru', 'top-up', ru);
  i18next.addResourceBundle('ru', 'base', ruBase);
});
afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

const presetsOf = () => within(screen.getByRole('group', { name: 'Quick amounts' }));
const boundsOf = (method: RegExp) =>
  screen.getByRole('radio', { name: method }).closest('label')?.querySelector('span:last-child')
    ?.textContent;

describe('TopUpPage', () => {
  it('offers preset amounts that fill the amount, within the chosen method’s bounds', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopUpPage />);
    const presets = presetsOf().getAllByRole('button');
    expect(presets.map((button) => button.textContent)).toEqual([
      '$10',
      '$25',
      '$50',
      '$100',
      '$500',
      '$1,000',
    ]);
    await user.click(presetsOf().getByRole('button', { name: '$1,000' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount, $').value).toBe('1000');
    expect(presetsOf().getByRole('button', { name: '$1,000' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // PIX takes $2.3 to $430: the larger presets are not offered for it.
    await user.click(screen.getByRole('radio', { name: /^PIX/ }));
    const offered = presetsOf()
      .getAllByRole('button')
      .filter((button) => !(button as HTMLButtonElement).disabled)
      .map((button) => button.textContent);
    expect(offered).toEqual(['$10', '$25', '$50', '$100']);
  });

  it('writes the bounds with thousands separators, in the user’s language', async () => {
    renderWithProviders(<TopUpPage />);
    expect(boundsOf(/^Visa/)).toBe('$10 – $10,000');
    expect(boundsOf(/^Apple Pay/)).toBe('$20 – $25,000');
    await act(() => i18next.changeLanguage('ru'));
    expect(boundsOf(/^Visa/)).toBe('10\u00a0$ – 10\u00a0000\u00a0$');
    expect(
      within(screen.getByRole('group', { name: 'Быстрый выбор суммы' }))
        .getAllByRole('button')
        .at(-1)?.textContent,
    ).toBe('1\u00a0000\u00a0$');
  });
});
