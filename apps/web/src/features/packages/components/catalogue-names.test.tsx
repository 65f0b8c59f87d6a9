import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { TariffFacts } from '@proxy/contract';
import baseRu from '../../../../public/locales/ru/base.json';
import packagesRu from '../../../../public/locales/ru/packages.json';
import { stubMatchMedia } from '../../../test/dom';
import { renderWithProviders } from '../../../test/render';
import { PackagesPage } from './packages-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const term = {
  status: 'active',
  created_at: '2026-11-28T10:00:00.000Z',
  expired_at: '2026-12-28T10:00:00.000Z',
  days_left: 30,
  resume_package_allowed: false,
} as const;
const noFacts: TariffFacts = {
  tariff_ports: null,
  tariff_traffic: null,
  tariff_speed_limit: null,
  tariff_duration_days: null,
};
const row = (id: number, type: string, tariffName: string, facts: Partial<TariffFacts>) => ({
  id,
  type,
  tariff_name: tariffName,
  ...noFacts,
  ...facts,
  ...term,
  package_key: `key-${id}`,
  traffic_used_bytes: 0,
  traffic_left_bytes: null,
});
/** The packages as the API answers them: catalogue titles in English, and the tariffs' facts. */
const ROWS = [
  row(1, 'isp', '5 IPs', { tariff_ports: 5 }),
  row(2, 'unlim', 'Unlimited 100 Mbps, 30 days', {
    tariff_speed_limit: 100,
    tariff_duration_days: 30,
  }),
  row(3, 'dynamic', 'Base 5 GB', { tariff_traffic: 5 }),
];
const connection = {
  host: 'proxy.test',
  port_http: 8080,
  port_socks: 1080,
  login: 'login',
  password: 'password',
};
const state = (id: number) => ({ id, package_key: `key-${id}`, auto_update: false, ...term });
const ISP_PANEL = {
  ...state(1),
  order_id: 10,
  tariff: { id: 11, title: '5 IPs', price: 12.5, ports: 5 },
  period: 30,
  country: 'Germany',
  country_iso2: 'DE',
  auth_ip: null,
  socks: false,
  ip: ['127.0.2.1', '127.0.2.2', '127.0.2.3', '127.0.2.4', '127.0.2.5'],
  swaped: false,
  connection,
};
const UNLIM_PANEL = {
  ...state(2),
  uuid: '00000000-0000-4000-8000-000000000002',
  duration_days: 30,
  location: 'Germany, Frankfurt',
  location_iso2: 'DE',
  location_city: 'frankfurt',
  tariff: {
    id: 21,
    name: 'Unlimited 100 Mbps, 30 days',
    price: 265,
    speed_limit: 100,
    duration_days: 30,
  },
  connection,
};

beforeAll(async () => {
  i18next.addResourceBundle('ru', 'base', baseRu);
  i18next.addResourceBundle('ru', 'packages', packagesRu);
  await i18next.changeLanguage('ru');
  stubMatchMedia(false);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = new URL(url, 'http://cabinet.test').pathname;
      if (path === '/api/packages')
        return Promise.resolve(
          json({ packages: { data: ROWS, meta: { total: ROWS.length, page: 1, per_page: 10 } } }),
        );
      if (path === '/api/packages/isp/1') return Promise.resolve(json({ data: ISP_PANEL }));
      if (path === '/api/unlim/packages/2') return Promise.resolve(json({ data: UNLIM_PANEL }));
      if (path === '/api/unlim/2/usage')
        return Promise.resolve(
          json({ data: { speed: 0, server: { cpu_usage: null, ram_usage: null }, traffic: 0 } }),
        );
      return Promise.resolve(new Response(null, { status: 404 }));
    }),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});
afterEach(() => vi.clearAllMocks());

/** The table's row of package `id`. */
const rowOf = (id: number) =>
  screen.getAllByRole('row').find((r) => within(r).queryByText(`#${id}`) !== null)!;

describe('the packages page names tariffs and places in the interface language (ru)', () => {
  it('names each tariff by its family and size, and the panels their country and location', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PackagesPage isRestricted={false} accountEmail="a@example.com" />);
    // Role queries over the whole table are slow in jsdom: wait for the rows by their ids.
    await screen.findByText('#3', undefined, { timeout: 5_000 });
    expect(screen.getByRole('cell', { name: 'Базовый 5 ГБ' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '5 IP-адресов' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Безлимитный 100 Мбит/с, 30 дней' })).toBeTruthy();

    await user.click(within(rowOf(1)).getByRole('button', { name: 'Подробнее' }));
    expect(await screen.findByText('Германия', undefined, { timeout: 5_000 })).toBeTruthy();
    await user.click(within(rowOf(2)).getByRole('button', { name: 'Подробнее' }));
    expect(
      await screen.findByText('Германия, Франкфурт', undefined, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Germany, Frankfurt')).toBeNull();
  }, 30_000);
});
