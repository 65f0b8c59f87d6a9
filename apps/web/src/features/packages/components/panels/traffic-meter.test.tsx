import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import enBase from '../../../../../public/locales/en/base.json';
import enPackages from '../../../../../public/locales/en/packages.json';
import ruBase from '../../../../../public/locales/ru/base.json';
import ruPackages from '../../../../../public/locales/ru/packages.json';
import { TrafficMeter } from './traffic-meter';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

beforeAll(() => {
  i18next.addResourceBundle('en', 'base', enBase, true, true);
  i18next.addResourceBundle('en', 'packages', enPackages);
  i18next.addResourceBundle('ru', 'base', ruBase);
  i18next.addResourceBundle('ru', 'packages', ruPackages);
});
afterAll(() => i18next.changeLanguage('en'));

const shownText = (usedBytes: number, limitBytes: number | null) =>
  render(<TrafficMeter usedBytes={usedBytes} limitBytes={limitBytes} />).container.querySelector(
    '.package-meter > span',
  )?.textContent;

describe('TrafficMeter', () => {
  it('shows a few megabytes used as megabytes, in the statistics page units', async () => {
    await i18next.changeLanguage('en');
    expect(shownText(4.7 * MB, 10 * GB)).toBe('4.7 MB of 10 GB used');
    expect(shownText(512, 5 * GB)).toBe('512 B of 5 GB used');
    expect(shownText(1.5 * GB, null)).toBe('1.5 GB used');
  });

  it('writes the amounts in Russian with Russian units and decimal commas', async () => {
    await i18next.changeLanguage('ru');
    expect(shownText(4.7 * MB, 10 * GB)).toBe('Использовано 4,7 МБ из 10 ГБ');
    expect(shownText(300 * 1024, null)).toBe('Использовано 300 КБ');
  });
});
