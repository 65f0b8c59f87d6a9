import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { test, expect, buyBase, buyIsp, listPackages } from '../fixtures.ts';

/** The cabinet opens signed in (the session cookie the SPA writes), in Russian. */
const openInRussian = async (page: Page, token: string) => {
  await page.context().addCookies([
    { name: 'ACCESS_TOKEN', value: token, url: BASE_URL },
    { name: 'i18next', value: 'ru', url: BASE_URL },
  ]);
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ru'));
};

type UnlimTariff = { id: number; speed_limit: number; duration_days: number };
type UnlimLocation = { id: number; location: { city: string | null } };

test.describe('in Russian, what the catalogue sells and the API documentation', () => {
  test('tariffs, countries and cities are named in Russian; the API reference too', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const { user, caller } = await api.customer('5000');
    await buyBase(caller);
    await buyIsp(caller);
    const tariffs = (await caller.get<{ data: UnlimTariff[] }>('/unlim/tariffs')).data;
    const unlim = tariffs.find((t) => t.speed_limit === 100 && t.duration_days === 1)!;
    const locations = (await caller.get<{ data: UnlimLocation[] }>('/unlim/locations')).data;
    const frankfurt = locations.find((l) => l.location.city === 'frankfurt')!;
    await caller.postOk('/tariff/buy-unlim', { tariff_id: unlim.id, location_id: frankfurt.id });
    await openInRussian(page, user.token);

    // The packages table: each tariff by its family and size (buyIsp buys one address).
    await page.goto('/cabinet/packages');
    for (const name of ['Базовый 5 ГБ', '1 IP-адрес', 'Безлимитный 100 Мбит/с, 1 день'])
      await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    // The buy flow: ISP countries and unlimited locations.
    await page.goto('/cabinet/buy/isp');
    await expect(
      page
        .getByRole('combobox', { name: '3. Страна' })
        .locator('option', { hasText: /^Германия \(/ }),
    ).toHaveCount(1);
    await page.goto('/cabinet/buy/dynamic-pools/unlimited');
    await page.getByRole('combobox', { name: 'Скорость' }).selectOption({ label: '100 Мбит/с' });
    await expect(
      page
        .getByRole('combobox', { name: 'Расположение сервера' })
        .locator('option', { hasText: 'Германия, Франкфурт' }),
    ).toHaveCount(1);

    // The statistics page names the package's tariff.
    const base = (await listPackages(caller)).find((p) => p.type === 'dynamic')!;
    await page.goto(`/orders/statistics/${base.package_key}/all`);
    await expect(page.getByText(/Базовый 5 ГБ/)).toBeVisible();

    // The API documentation: the examples' list and the reference describe each call in Russian.
    await page.goto('/cabinet/api-documentation');
    await expect(page.locator('option', { hasText: 'Пользователь, выполнивший вход' })).toHaveCount(
      1,
    );
    await expect(
      page.locator('.opblock-summary-description', { hasText: 'Пользователь, выполнивший вход' }),
    ).toBeVisible({ timeout: 30_000 });
  });
});
