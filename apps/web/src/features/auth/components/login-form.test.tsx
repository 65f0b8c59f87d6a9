import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

const renderForm = () =>
  renderWithProviders(<LoginForm forgotPasswordPath="/forgot-password" registerPath="/register" />);

describe('LoginForm', () => {
  it('shows translated validation messages from the contract schema', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((node) => node.textContent)).toEqual(['Required field', 'Required field']);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('reports an invalid e-mail and a short password', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'short');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('The password must be at least 8 characters')).toBeTruthy();
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    renderForm();
    const password = screen.getByLabelText('Password', { exact: true });
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('opens at the code step with a challenge (two-factor sign-in) and can go back', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LoginForm
        forgotPasswordPath="/forgot-password"
        registerPath="/register"
        initialChallenge="1.2.challenge"
      />,
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((node) => node.textContent)).toEqual(['Required field']);
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});
