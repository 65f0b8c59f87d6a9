import type { ReactElement } from 'react';
import { beforeAll, beforeEach, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import buy from '../../../../public/locales/en/buy.json';
import { formErrorTexts, stubMatchMedia } from '../../../test/dom';
import { useBasketStore } from '../stores/basket-store';
import { BuyLayout } from './buy-layout';

/** What a data hook returns once its data is there: the wizard tests mock their hooks with it. */
export const loaded = <T,>(data: T) => ({
  data,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
});

/**
 * Renders a wizard where it lives: under the router (its cart button navigates); `withCart`
 * inside the buy layout, with the order summary beside it on a large screen.
 */
const renderWizard = (wizard: ReactElement, withCart: boolean) =>
  render(
    withCart ? (
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Routes>
            <Route element={<BuyLayout />}>
              <Route path="*" element={wizard} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    ) : (
      <MemoryRouter>{wizard}</MemoryRouter>
    ),
  );

/**
 * The setup of a buy wizard's test file: the English buy texts, a phone viewport (the cart is
 * its own page) and an empty basket before each test. Returns how a test renders `wizard`.
 */
export const setUpWizardTests = (
  wizard: ReactElement,
  { withCart = false }: { withCart?: boolean } = {},
) => {
  beforeAll(() => {
    i18next.addResourceBundle('en', 'buy', buy);
  });
  beforeEach(() => {
    stubMatchMedia(false);
    useBasketStore.setState({ item: null, isPurchased: false });
  });
  return {
    render: () => renderWizard(wizard, withCart),
    /**
     * As a newcomer finds it: on the `period` it opens on, no error shown yet. Returns the
     * user and the container, for the test to go on.
     */
    renderUntouched: (period = '30 days') => {
      const user = userEvent.setup();
      const { container } = renderWizard(wizard, withCart);
      expect(screen.getByRole<HTMLInputElement>('radio', { name: period }).checked).toBe(true);
      expect(formErrorTexts(container)).toEqual([]);
      return { user, container };
    },
  };
};

/** Presses "Go to cart": the inline errors the wizard shows then, in order. */
export const askForCart = async (user: UserEvent, container: HTMLElement) => {
  await user.click(screen.getByRole('button', { name: 'Go to cart' }));
  return formErrorTexts(container);
};
