import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import packages from '../../../../public/locales/en/packages.json';
import { useAlertStore } from '../../../shared/ui';
import { AutoRenewSwitch } from './auto-renew-switch';

beforeAll(() => {
  i18next.addResourceBundle('en', 'packages', packages);
});

/** The switch over a server value that `save` changes, or refuses. */
const Harness = ({ fails, status = 'active' }: { fails: boolean; status?: string }) => {
  const [stored, setStored] = useState(false);
  const [release, setRelease] = useState<(() => void) | null>(null);
  return (
    <>
      <AutoRenewSwitch
        isOn={stored}
        isDisabled={status === 'empty'}
        save={(isOn) =>
          new Promise<void>((resolve, reject) =>
            setRelease(() => () => {
              if (fails) reject(new Error('refused'));
              else {
                setStored(isOn);
                resolve();
              }
            }),
          )
        }
      />
      <button type="button" onClick={() => release?.()}>
        answer
      </button>
    </>
  );
};

describe('AutoRenewSwitch', () => {
  it('flips at once, before the server answers, and keeps the stored value', async () => {
    const user = userEvent.setup();
    render(<Harness fails={false} />);
    const toggle = screen.getByRole('switch', { name: 'Auto-renewal' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'answer' }));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('goes back with packages:auto_renewal.error when the server refuses', async () => {
    const user = userEvent.setup();
    useAlertStore.getState().clear();
    render(<Harness fails />);
    const toggle = screen.getByRole('switch', { name: 'Auto-renewal' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'answer' }));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(useAlertStore.getState().alerts.map((a) => [a.type, a.content])).toEqual([
      ['error', packages.auto_renewal.error],
    ]);
  });

  it('is disabled when the status is empty', () => {
    render(<Harness fails={false} status="empty" />);
    expect(screen.getByRole('switch', { name: 'Auto-renewal' })).toHaveProperty('disabled', true);
  });
});
