import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAlertStore } from '../../../shared/ui/alert-store';
import { renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

afterEach(() => {
  vi.unstubAllGlobals();
  useAlertStore.getState().clear();
});

const renderForm = () => renderWithProviders(<RegisterForm />);

describe('RegisterForm', () => {
  it('flags a mismatching confirmation while the password and other fields are invalid too', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Nickname'), 'Al');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByText('The password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
  });

  it('a refused e-mail is a field error on email, not the generic "given data was invalid" alert', async () => {
    const taken = 'This e-mail cannot be used to sign up.';
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              success: false,
              code: 'VALIDATION_FAILED',
              message: 'The given data was invalid.',
              errors: { email: [taken] },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Nickname'), 'Alice');
    await user.type(screen.getByLabelText('Email'), 'alice@example.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'password-123');
    await user.type(screen.getByLabelText('Confirm password'), 'password-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(useAlertStore.getState().alerts.map((alert) => alert.content)).toEqual([]);
  });
});
