import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useSessionStore } from '../../shared/session/session-store';
import { renderWithProviders } from '../../test/render';
import { NotFoundScreen } from './not-found-screen';

afterEach(() => useSessionStore.setState({ token: null }));

describe('NotFoundScreen', () => {
  it('leads a guest to log in', () => {
    useSessionStore.setState({ token: null });
    renderWithProviders(<NotFoundScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to log in' }).getAttribute('href')).toBe('/login');
  });

  it('leads a signed-in user back to the cabinet', () => {
    useSessionStore.setState({ token: 'token' });
    renderWithProviders(<NotFoundScreen />);
    expect(screen.getByRole('link', { name: 'Back to cabinet' }).getAttribute('href')).toBe(
      '/cabinet',
    );
  });
});
