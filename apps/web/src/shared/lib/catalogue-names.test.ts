import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import baseRu from '../../../public/locales/ru/base.json';
import {
  countryName,
  locationName,
  packageTariffName,
  placeLabel,
  tariffName,
} from './catalogue-names';

beforeAll(() => i18next.addResourceBundle('ru', 'base', baseRu));
afterAll(() => i18next.changeLanguage('en'));

const facts = {
  tariff_ports: null,
  tariff_traffic: null,
  tariff_speed_limit: null,
  tariff_duration_days: null,
};

describe('catalogue names', () => {
  it('in English read as the catalogue titles do', async () => {
    await i18next.changeLanguage('en');
    expect(tariffName({ family: 'dynamic', trafficGb: 5 })).toBe('Base 5 GB');
    expect(tariffName({ family: 'premium', trafficGb: 1 })).toBe('Premium 1 GB');
    expect(tariffName({ family: 'isp', ports: 1 })).toBe('1 IP');
    expect(tariffName({ family: 'isp', ports: 25 })).toBe('25 IPs');
    expect(tariffName({ family: 'unlim', speedMbps: 500, days: 1 })).toBe(
      'Unlimited 500 Mbps, 1 day',
    );
    expect(tariffName({ family: 'unlim', speedMbps: 100, days: 30 })).toBe(
      'Unlimited 100 Mbps, 30 days',
    );
    expect(countryName('DE')).toBe('Germany');
    expect(locationName('DE', 'frankfurt')).toBe('Germany, Frankfurt');
    expect(placeLabel('sao-paulo')).toBe('São Paulo');
  });

  it('in Russian with the plural forms of the language', async () => {
    await i18next.changeLanguage('ru');
    expect(tariffName({ family: 'dynamic', trafficGb: 5 })).toBe('Базовый 5 ГБ');
    expect(tariffName({ family: 'isp', ports: 1 })).toBe('1 IP-адрес');
    expect(tariffName({ family: 'isp', ports: 2 })).toBe('2 IP-адреса');
    expect(tariffName({ family: 'isp', ports: 5 })).toBe('5 IP-адресов');
    expect(tariffName({ family: 'isp', ports: 21 })).toBe('21 IP-адрес');
    expect(tariffName({ family: 'unlim', speedMbps: 200, days: 7 })).toBe(
      'Безлимитный 200 Мбит/с, 7 дней',
    );
    expect(countryName('us')).toBe('Соединенные Штаты');
    expect(locationName('JP', 'tokyo')).toBe('Япония, Токио');
    // A city that names its country is said once; a city with no entry is its code, title-cased.
    expect(locationName('SG', 'singapore')).toBe('Сингапур');
    expect(placeLabel('bad-homburg')).toBe('Bad Homburg');
  });

  it('a package is named by its facts, else by its catalogue title', async () => {
    await i18next.changeLanguage('ru');
    const row = { type: 'vip' as const, tariff_name: 'Premium 10 GB', ...facts };
    expect(packageTariffName({ ...row, tariff_traffic: 10 })).toBe('Премиум 10 ГБ');
    expect(packageTariffName(row)).toBe('Premium 10 GB');
  });
});
