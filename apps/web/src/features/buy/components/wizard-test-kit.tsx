import type { ReactElement } from 'react';
import { beforeAll, beforeEach, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import buy from '../../../../public/locales/en/buy.json';
import { formErrorTexts, stubMatchMedia } from '../../../test/dom';
import { useBasketStore } from '../stores/basket-store';

/** What a data hook returns once its data is there: the wizard tests mock their hooks with it. */
export const loaded = <T,>(data: T) => ({
  data,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
});

/** Renders a wizard where it lives: under the router (its cart button navigates). */
const renderWizard = (wizard: ReactElement) => render(<MemoryRouter>{wizard}</MemoryRouter>);

/**
 * The setup of a buy wizard's test file: the English buy texts, a desktop viewport and an
 * empty basket before each test. Returns how a test renders `wizard`.
 */
export const setUpWizardTests = (wizard: ReactElement) => {
  beforeAll(() => {
    i18next.addResourceBundle('en', 'buy', buy);
  });
  beforeEach(() => {
    stubMatchMedia(false);
    useBasketStore.setState({ item: null, isPurchased: false });
  });
  return {
    render: () => renderWizard(wizard),
    /**
     * As a newcomer finds it: on 30 days, no error shown yet. Returns the user and the
     * container, for the test to go on.
     */
    renderUntouched: () => {
      const user = userEvent.setup();
      const { container } = renderWizard(wizard);
      expect(screen.getByRole<HTMLInputElement>('radio', { name: '30 days' }).checked).toBe(true);
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
