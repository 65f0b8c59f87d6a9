import type { Page } from '@playwright/test';
import {
  admin,
  apiAs,
  buyBase,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  signedIn,
  test,
  type Api,
} from '../fixtures.ts';

/**
 * A new verified user with `credit` dollars, logged in, and a new promo code of `percent` off
 * (for the tariff `families` given, else for all); answers the code.
 */
const buyerWithPromo = async (
  page: Page,
  api: Api,
  credit: string,
  promo: { percent: number; families?: string },
) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const families = promo.families ? ['--families', promo.families] : [];
  await admin('promo:create', code, '--percent', String(promo.percent), ...families);
  await signedIn(page, api, { credit });
  return code;
};

const buyAndSeePackage = async (page: Page, tariff: string) => {
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page).toHaveURL(/\/cabinet\/packages$/);
  await expect(page.getByRole('cell', { name: tariff }).first()).toBeVisible();
};

/** The cart page asks `total`: no serious a11y violation, Buy, the package is listed. */
const buyFromCartPage = async (page: Page, total: string, tariff: string) => {
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await expectNoSeriousA11yViolations(page);
  await buyAndSeePackage(page, tariff);
};

/** On the picker page `from`, the card link `card` opens the form at `to`. */
const openCard = async (page: Page, from: string, card: RegExp, to: string) => {
  await page.goto(from);
  await page.getByRole('link', { name: card }).click();
  await expect(page).toHaveURL(new RegExp(`${to}$`));
};

const applyPromo = async (page: Page, code: string) => {
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Promo code ${code} applied`)).toBeVisible();
};

/**
 * The unlimited form after its period: the location waits for a speed, then offers only the
 * locations that serve it; 500 Mbps in Frankfurt.
 */
const chooseUnlimitedSpeedAndLocation = async (page: Page) => {
  const location = page.getByRole('combobox', { name: 'Server location' });
  await expect(location).toBeDisabled();
  await page.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '500 Mbps' });
  await expect(location.locator('option', { hasText: 'Japan, Tokyo' })).toBeDisabled();
  await location.selectOption({ label: 'Germany, Frankfurt' });
};

/**
 * The ISP form's five steps: IP authentication (an invalid address refused), 30 days preset, the
 * number of IPs waiting for a country (a sold-out one disabled), the first country's 5 IPs over
 * SOCKS5.
 */
const chooseIspFiveIps = async (page: Page) => {
  await page.getByRole('radio', { name: 'IP address' }).check();
  const ip = page.getByLabel('Your IP address');
  await ip.fill('300.1.1.1');
  await ip.blur();
  await expect(page.getByText('Enter a valid IP address')).toBeVisible();
  await ip.fill('203.0.113.7');
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  const ips = page.getByRole('combobox', { name: '4. Number of IPs' });
  await expect(ips).toBeDisabled();
  const country = page.getByRole('combobox', { name: '3. Country' });
  await expect(country.locator('option', { hasText: 'France' })).toBeDisabled();
  await country.selectOption({ index: 1 });
  await expect(ips.locator('option', { hasText: /^5 IPs/ })).toHaveCount(1);
  await ips.selectOption({ index: 2 });
  await page.getByRole('radio', { name: 'SOCKS5' }).check();
};

/**
 * The visible page controls (links, buttons, fields) that a toast of the alert stack lies over,
 * by their names: a toast must cover none.
 */
const controlsUnderToasts = (page: Page) =>
  page.evaluate(() => {
    const stack = document.querySelector('.alert-stack');
    const toasts = Array.from(stack?.querySelectorAll('.alert') ?? [], (toast) =>
      toast.getBoundingClientRect(),
    );
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex="0"]',
    );
    return Array.from(controls)
      .filter((control) => !stack?.contains(control))
      .filter((control) => control.checkVisibility({ visibilityProperty: true }))
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return toasts.some(
          (toast) =>
            box.width > 0 &&
            box.height > 0 &&
            box.left < toast.right &&
            box.right > toast.left &&
            box.top < toast.bottom &&
            box.bottom > toast.top,
        );
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim());
  });

test.describe('buy flow', () => {
  test('desktop: one package of each family, with and without a promo', async ({ page, api }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    const code = await buyerWithPromo(page, api, '1000', { percent: 10 });

    // Base with a promo: select-type -> dynamic-pools -> base cards -> cart beside.
    await page.goto('/cabinet/buy');
    await expect(page).toHaveURL(/\/cabinet\/buy\/select-type$/);
    await page.getByRole('link', { name: /Dynamic \(residential\)/ }).click();
    await expect(page.getByText('from $265')).toBeVisible();
    await page.getByRole('link', { name: /^Base/ }).click();
    await page.getByRole('button', { name: /Base 5 GB/ }).click();
    const cart = page.getByRole('complementary', { name: 'Order summary' });
    await expect(cart.getByTestId('cart-total')).toHaveText('$4.75');
    await page.getByLabel('Promo code').fill('NOPE-NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Promo code not found.')).toBeVisible();
    await applyPromo(page, code);
    await expect(cart.getByTestId('cart-total')).toHaveText('$4.28');
    await expectNoSeriousA11yViolations(page);
    await buyAndSeePackage(page, 'Base 5 GB');

    // Premium without a promo.
    await page.goto('/cabinet/buy/dynamic-pools/premium');
    await page.getByRole('button', { name: /Premium 1 GB/ }).click();
    await expect(cart.getByTestId('cart-total')).toHaveText('$1.75');
    await buyAndSeePackage(page, 'Premium 1 GB');

    // Unlimited: period, speed, then location (disabled until a speed is chosen).
    await page.goto('/cabinet/buy/dynamic-pools/unlimited');
    await page.getByRole('radio', { name: '1 day' }).check();
    await chooseUnlimitedSpeedAndLocation(page);
    await expect(cart.getByTestId('cart-total')).toHaveText('$520');
    await expectNoSeriousA11yViolations(page);
    await buyAndSeePackage(page, 'Unlimited 500 Mbps, 1 day');

    // ISP: five steps, IP authentication validated.
    await page.goto('/cabinet/buy/isp');
    await chooseIspFiveIps(page);
    await expect(cart.getByTestId('cart-total')).toHaveText('$12');
    await buyAndSeePackage(page, '5 IPs');

    await expect(page.getByRole('row')).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);
  });

  test.describe(() => {
    test.use({ viewport: PHONE });

    test('mobile: the cart is a page with breadcrumbs; a short balance links to top-up', async ({
      page,
      api,
    }) => {
      const code = await buyerWithPromo(page, api, '3', { percent: 50, families: 'isp' });

      // No tariff chosen: the cart page sends back to /cabinet/buy.
      await page.goto('/cabinet/buy/cart');
      await expect(page).toHaveURL(/\/cabinet\/buy\/select-type$/);

      await page.goto('/cabinet/buy/dynamic-pools/base');
      await page.getByRole('button', { name: 'Go to cart' }).click();
      await expect(page.getByText('Select a tariff')).toBeVisible();
      await page.getByRole('button', { name: /Base 5 GB/ }).click();
      await page.getByRole('button', { name: 'Go to cart' }).click();
      await expect(page).toHaveURL(/\/cabinet\/buy\/cart$/);
      await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeVisible();
      await expect(page.getByText('$1.75 is missing')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Top up $1.75' })).toHaveAttribute(
        'href',
        '/cabinet/top-up?amount=1.75',
      );
      await expectNoSeriousA11yViolations(page);

      // The basket survives a reload.
      await page.reload();
      await expect(page.getByTestId('cart-total')).toHaveText('$4.75');

      // ISP with a promo through the cart page.
      await page.goto('/cabinet/buy/isp');
      await page.getByRole('radio', { name: 'Login and password' }).check();
      await page.getByRole('radio', { name: '7 days' }).check();
      await page.getByRole('combobox', { name: '3. Country' }).selectOption({ index: 1 });
      const ips = page.getByRole('combobox', { name: '4. Number of IPs' });
      await expect(ips.locator('option', { hasText: /^1 IP / })).toHaveCount(1);
      await ips.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Go to cart' }).click();
      await expect(page).toHaveURL(/\/cabinet\/buy\/cart$/);
      await applyPromo(page, code);
      await expect(page.getByTestId('cart-total')).toHaveText('$0.94');
      await buyAndSeePackage(page, '1 IP');
      await expectNoSeriousA11yViolations(page);
    });

    test('mobile: one package of each family through the cart page, with and without a promo', async ({
      page,
      api,
    }) => {
      const code = await buyerWithPromo(page, api, '1000', {
        percent: 20,
        families: 'dynamic,isp',
      });
      const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
      const goToCart = async () => {
        await page.getByRole('button', { name: 'Go to cart' }).click();
        await expect(page).toHaveURL(/\/cabinet\/buy\/cart$/);
        await expect(breadcrumbs).toBeVisible();
        await expect(breadcrumbs.getByText('Cart')).toHaveAttribute('aria-current', 'page');
        // Below the large breakpoint there is no order summary beside the selection.
        await expect(page.getByRole('complementary', { name: 'Order summary' })).toHaveCount(0);
      };

      // Base with a promo: select-type -> dynamic-pools -> base cards -> cart page.
      await page.goto('/cabinet/buy');
      await expect(page).toHaveURL(/\/cabinet\/buy\/select-type$/);
      await expect(page.getByRole('button', { name: 'Go to cart' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: /Dynamic \(residential\)/ }).click();
      await expect(page.getByText('from $265')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: /^Base/ }).click();
      await page.getByRole('button', { name: /Base 5 GB/ }).click();
      await expect(page.getByRole('button', { name: /Base 5 GB/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expectNoSeriousA11yViolations(page);
      await goToCart();
      await expect(page.getByText('Dynamic residential, Base')).toBeVisible();
      await expect(page.getByTestId('cart-total')).toHaveText('$4.75');
      await applyPromo(page, code);
      await expect(page.getByTestId('cart-total')).toHaveText('$3.8');
      await expect(page.getByText(`Promo ${code}`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await buyAndSeePackage(page, 'Base 5 GB');

      // Premium without a promo (the code is for Base and ISP only); the breadcrumbs lead back
      // to the selection, which keeps the chosen card.
      await openCard(
        page,
        '/cabinet/buy/dynamic-pools',
        /^Premium/,
        '/cabinet/buy/dynamic-pools/premium',
      );
      const premium = page.getByRole('button', { name: /Premium 1 GB/ });
      await expect(premium).toHaveAttribute('aria-pressed', 'false');
      await premium.click();
      await goToCart();
      await breadcrumbs.getByRole('link', { name: 'Buy proxy' }).click();
      await expect(page).toHaveURL(/\/cabinet\/buy\/select-type$/);
      await page.getByRole('link', { name: /Dynamic \(residential\)/ }).click();
      await page.getByRole('link', { name: /^Premium/ }).click();
      await expect(premium).toHaveAttribute('aria-pressed', 'true');
      await goToCart();
      await expect(page.getByText('Dynamic residential, Premium')).toBeVisible();
      await page.getByLabel('Promo code').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('This promo code does not apply to this tariff.')).toBeVisible();
      await buyFromCartPage(page, '$1.75', 'Premium 1 GB');

      // Unlimited without a promo: the cart button names the missing fields first.
      await openCard(
        page,
        '/cabinet/buy/dynamic-pools',
        /^Unlimited/,
        '/cabinet/buy/dynamic-pools/unlimited',
      );
      await page.getByRole('radio', { name: '1 day' }).check();
      await page.getByRole('button', { name: 'Go to cart' }).click();
      await expect(page).toHaveURL(/\/cabinet\/buy\/dynamic-pools\/unlimited$/);
      await expect(page.getByText('Choose a speed', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await chooseUnlimitedSpeedAndLocation(page);
      await goToCart();
      await expect(page.getByText('Unlimited residential')).toBeVisible();
      await expect(page.getByText('Germany, Frankfurt')).toBeVisible();
      await buyFromCartPage(page, '$520', 'Unlimited 500 Mbps, 1 day');

      // ISP with a promo: the five steps, IP authentication validated.
      await openCard(page, '/cabinet/buy/select-type', /^ISP/, '/cabinet/buy/isp');
      await page.getByRole('button', { name: 'Go to cart' }).click();
      await expect(page.getByText('Choose the authentication type')).toBeVisible();
      await expect(
        page.getByRole('paragraph').filter({ hasText: /^Choose a country$/ }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await chooseIspFiveIps(page);
      await expectNoSeriousA11yViolations(page);
      await goToCart();
      await expect(page.getByText('SOCKS5')).toBeVisible();
      await expect(page.getByTestId('cart-total')).toHaveText('$12');
      await applyPromo(page, code);
      await buyFromCartPage(page, '$9.6', '5 IPs');

      // All four packages on /cabinet/packages: one row each, under the header row that the
      // narrow table keeps for screen readers only (every cell shows its column label instead).
      await expect(page.getByRole('row')).toHaveCount(5);
      for (const tariff of ['Base 5 GB', 'Premium 1 GB', 'Unlimited 500 Mbps, 1 day', '5 IPs'])
        await expect(page.getByRole('cell', { name: tariff }).first()).toBeVisible();
      // The server charged the promo prices: 1000 - 3.8 - 1.75 - 520 - 9.6.
      await expect(page.getByTestId('balance')).toHaveText('$464.85');
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('a short balance: Buy is disabled beside the top-up offer; a refused purchase is one alert', async ({
    page,
    api,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const user = await signedIn(page, api, { credit: '3', at: '/cabinet/buy/dynamic-pools/base' });
    await page.getByRole('button', { name: /Base 5 GB/ }).click();
    const cart = page.getByRole('complementary', { name: 'Order summary' });
    const buy = cart.getByRole('button', { name: 'Buy', exact: true });
    await expect(buy).toBeDisabled();
    await expect(buy).toHaveAccessibleDescription(
      'Not enough money on your balance: $1.75 is missing.',
    );
    await expect(cart.getByRole('link', { name: 'Top up $1.75' })).toHaveAttribute(
      'href',
      '/cabinet/top-up?amount=1.75',
    );
    await expect(page.locator('.alert')).toHaveCount(1);

    // Enough money as the page last read it, spent elsewhere meanwhile: the server refuses.
    await admin('balance:credit', user.email, '5');
    await page.reload();
    await expect(buy).toBeEnabled();
    await buyBase(apiAs(request, user.token));
    await buy.click();
    await expect(
      cart.getByText('Not enough money on your balance: $1.5 is missing.'),
    ).toBeVisible();
    await expect(buy).toBeDisabled();
    await expect(page.locator('.alert')).toHaveCount(1);
  });

  for (const viewport of [{ width: 1366, height: 900 }, PHONE])
    test(`toasts cover no page control (${viewport.width} px)`, async ({ page, api }) => {
      await page.setViewportSize(viewport);
      const user = await signedIn(page, api, {
        credit: '100',
        at: '/cabinet/buy/dynamic-pools/base',
      });
      await page.getByRole('button', { name: /Base 1 GB/ }).click();
      if (viewport.width < 1000) await page.getByRole('button', { name: 'Go to cart' }).click();
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      await expect(page).toHaveURL(/\/cabinet\/packages$/);
      await expect(page.getByText('The package has been bought.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
      expect(await controlsUnderToasts(page)).toEqual([]);

      // A toast raised down a scrolled page: the password form of the profile.
      await page.goto('/cabinet/profile');
      await page.getByLabel('Current password').fill(user.password);
      await page.getByLabel('New password', { exact: true }).fill(`${user.password}-2`);
      await page.getByLabel('Confirm new password').fill(`${user.password}-2`);
      await page.evaluate(() => window.scrollTo(0, 150));
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Your password has been changed.')).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await controlsUnderToasts(page)).toEqual([]);
    });
});
