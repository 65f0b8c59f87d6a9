import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { SUB_USER_BYTES_PER_GB, endOfLocalDay, subUserSchema, type SubUser } from '@proxy/contract';
import packages from '../../../../../public/locales/en/packages.json';
import { renderWithProviders } from '../../../../test/render';
import { useAlertStore } from '../../../../shared/ui';
import { SubUsersSection } from './sub-users-section';

beforeAll(() => {
  i18next.addResourceBundle('en', 'packages', packages);
});
beforeEach(() => useAlertStore.setState({ alerts: [] }));
afterEach(() => vi.unstubAllGlobals());

const PACKAGE_ID = 5;
const GB = SUB_USER_BYTES_PER_GB;

const subUser = (fields: Partial<SubUser> & Pick<SubUser, 'id' | 'name'>): SubUser =>
  subUserSchema.parse({
    package_id: PACKAGE_ID,
    login: `u${fields.id}abc`,
    password: `pw${fields.id}secret`,
    traffic_limit_bytes: null,
    traffic_used_bytes: 0,
    expires_at: null,
    enabled: true,
    status: 'active',
    created_at: '2027-01-01T00:00:00.000Z',
    ...fields,
  });

type Sent = { method: string; path: string; body: unknown };

/**
 * The sub-user endpoints of package 5 over an in-memory list: GET answers it, POST, PATCH and
 * DELETE change it as the API would (or answer `refusal` once); every change call is kept.
 */
const serve = (initial: SubUser[], refusal?: { status: number; body: object }) => {
  let list = [...initial];
  let pending = refusal;
  let nextId = 100;
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      expect(path.startsWith(`/packages/${PACKAGE_ID}/sub-users`)).toBe(true);
      if (method === 'GET') return Promise.resolve(Response.json({ data: list }));
      sent.push({ method, path, body });
      if (pending) {
        const answer = pending;
        pending = undefined;
        return Promise.resolve(Response.json(answer.body, { status: answer.status }));
      }
      const id = Number(path.split('/')[4]);
      if (method === 'POST') {
        const created = subUser({ id: nextId++, ...(body as Partial<SubUser> & { name: string }) });
        list = [...list, created];
        return Promise.resolve(Response.json({ data: created }, { status: 201 }));
      }
      if (method === 'DELETE') {
        list = list.filter((each) => each.id !== id);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      const { regenerate_password: regenerate, ...changes } = body as Partial<SubUser> & {
        regenerate_password?: true;
      };
      list = list.map((each) =>
        each.id === id
          ? {
              ...each,
              ...changes,
              ...(regenerate && { password: `${each.password}-new` }),
              ...(changes.enabled !== undefined && {
                status: changes.enabled ? 'active' : 'disabled',
              }),
            }
          : each,
      );
      return Promise.resolve(Response.json({ data: list.find((each) => each.id === id) }));
    }),
  );
  return { sent };
};

const alertTexts = () => useAlertStore.getState().alerts.map((alert) => alert.content);

describe('SubUsersSection', () => {
  it('lists each sub-user with its credentials, usage, expiry, status and switch', async () => {
    const user = userEvent.setup();
    serve([
      subUser({
        id: 1,
        name: 'Team A',
        traffic_limit_bytes: 2 * GB,
        traffic_used_bytes: GB / 2,
        status: 'active',
      }),
      subUser({
        id: 2,
        name: 'Scraper',
        enabled: false,
        status: 'disabled',
        expires_at: '2027-05-01T12:00:00.000Z',
      }),
      subUser({ id: 3, name: 'Old', status: 'expired', expires_at: '2026-01-01T00:00:00.000Z' }),
      subUser({
        id: 4,
        name: 'Heavy',
        status: 'limit_reached',
        traffic_limit_bytes: GB,
        traffic_used_bytes: GB,
      }),
    ]);
    renderWithProviders(<SubUsersSection packageId={PACKAGE_ID} />);
    const table = await screen.findByRole('table', { name: 'Sub-users of package #5' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const [teamA, scraper, old, heavy] = rows.map((row) => within(row));
    expect(teamA?.getByText('u1abc')).toBeTruthy();
    expect(teamA?.getByText('pw1secret')).toBeTruthy();
    expect(teamA?.getByRole('button', { name: 'Copy login of Team A' })).toBeTruthy();
    await user.click(teamA!.getByRole('button', { name: 'Copy password of Team A' }));
    expect(await navigator.clipboard.readText()).toBe('pw1secret');
    expect(teamA?.getByRole('button', { name: 'password of Team A copied' }).textContent).toBe(
      'Copied',
    );
    expect(teamA?.getByText('512 MB of 2 GB')).toBeTruthy();
    expect(
      teamA?.getByRole('progressbar', { name: 'Traffic of Team A used of its limit' }),
    ).toBeTruthy();
    expect(teamA?.getByText('Never')).toBeTruthy();
    expect(teamA?.getByText('Active')).toBeTruthy();
    expect(
      teamA?.getByRole('switch', { name: 'Team A switched on' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(scraper?.getByText('0 B, no limit')).toBeTruthy();
    expect(scraper?.getByText('Disabled')).toBeTruthy();
    expect(scraper?.getByText(/01\/05\/2027/)).toBeTruthy();
    expect(
      scraper?.getByRole('switch', { name: 'Scraper switched on' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(old?.getByText('Expired')).toBeTruthy();
    expect(heavy?.getByText('Limit reached')).toBeTruthy();
    // Targeting on a sub-user's login, spelled by the contract's grammar.
    expect(screen.getByTestId('sub-user-targeting').textContent).toBe('u1abc_c_us_s_abc');
  });

  it('explains sub-users when there are none, and creates one after the client and the server refuse', async () => {
    const user = userEvent.setup();
    const { sent } = serve([], {
      status: 422,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'The given data was invalid.',
        errors: { name: ['This package already has a sub-user of this name.'] },
      },
    });
    renderWithProviders(<SubUsersSection packageId={PACKAGE_ID} />);
    expect(await screen.findByText(/No sub-users yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add sub-user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New sub-user' }));
    // The contract's form schema refuses before anything is sent.
    await user.type(dialog.getByLabelText('Traffic limit, GB'), '0');
    await user.type(dialog.getByLabelText('Last day'), '2020-01-01');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('Required field')).toBeTruthy();
    expect(dialog.getByText(/A limit from 0.001 GB to 931,322 GB/)).toBeTruthy();
    expect(dialog.getByText('The expiry cannot be in the past.')).toBeTruthy();
    expect(sent).toEqual([]);

    // The server's field error lands under the field it names.
    await user.type(dialog.getByLabelText('Name'), 'Team A');
    await user.clear(dialog.getByLabelText('Traffic limit, GB'));
    await user.type(dialog.getByLabelText('Traffic limit, GB'), '1,5');
    await user.clear(dialog.getByLabelText('Last day'));
    await user.type(dialog.getByLabelText('Last day'), '2099-12-31');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(
      await dialog.findByText('This package already has a sub-user of this name.', {
        selector: 'p',
      }),
    ).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/packages/5/sub-users',
        body: {
          name: 'Team A',
          traffic_limit_bytes: 1.5 * GB,
          // The last day chosen: it ends where the customer is.
          expires_at: endOfLocalDay('2099-12-31'),
          enabled: true,
        },
      },
    ]);

    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Team B');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(alertTexts()).toContain('Sub-user Team B created.');
    const row = within(await screen.findByRole('row', { name: /Team B/ }));
    expect(row.getByText('u100abc')).toBeTruthy();
    expect(row.getByText('0 B of 1.5 GB')).toBeTruthy();
    expect(row.getByText(/^31\/12\/2099, 23:59$/)).toBeTruthy();
  });

  it('a refusal of the whole request is said in the alert, the modal staying open', async () => {
    const user = userEvent.setup();
    serve([], {
      status: 422,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'The given data was invalid.',
        errors: { _: ['This package already holds the most sub-users it can: 100.'] },
      },
    });
    renderWithProviders(<SubUsersSection packageId={PACKAGE_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Add sub-user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New sub-user' }));
    await user.type(dialog.getByLabelText('Name'), 'Team A');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(alertTexts()).toEqual(['This package already holds the most sub-users it can: 100.']),
    );
    expect(screen.getByRole('dialog', { name: 'New sub-user' })).toBeTruthy();
  });

  it('switches a sub-user off and on in its row, the switch keeping its focus', async () => {
    const user = userEvent.setup();
    const { sent } = serve([subUser({ id: 1, name: 'Team A' })]);
    renderWithProviders(<SubUsersSection packageId={PACKAGE_ID} />);
    const toggle = await screen.findByRole('switch', { name: 'Team A switched on' });
    await user.click(toggle);
    const row = within(screen.getByRole('row', { name: /Team A/ }));
    expect(await row.findByText('Disabled')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // The same element: the row's cells are not drawn afresh when the list comes back.
    expect(document.activeElement).toBe(toggle);
    await user.click(toggle);
    expect(await row.findByText('Active')).toBeTruthy();
    expect(sent.map((each) => each.body)).toEqual([{ enabled: false }, { enabled: true }]);
    expect(sent[0]?.method).toBe('PATCH');
    expect(sent[0]?.path).toBe('/packages/5/sub-users/1');
  });

  it('a failed switch goes back and says so', async () => {
    const user = userEvent.setup();
    serve([subUser({ id: 1, name: 'Team A' })], {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'Not found.' },
    });
    renderWithProviders(<SubUsersSection packageId={PACKAGE_ID} />);
    const toggle = await screen.findByRole('switch', { name: 'Team A switched on' });
    await user.click(toggle);
    await waitFor(() =>
      expect(alertTexts()).toContain('The sub-user could not be switched. Try again.'),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('edits only what changed, gives a new password after confirming, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const { sent } = serve([
      subUser({ id: 1, name: 'Team A', traffic_limit_bytes: 2 * GB }),
      subUser({ id: 2, name: 'Scraper' }),
    ]);
    renderWithProviders(<SubUsersSection packageId={PACKAGE_ID} />);

    await user.click(await screen.findByRole('button', { name: 'Edit Team A' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit sub-user Team A' }));
    const limit = edit.getByLabelText<HTMLInputElement>('Traffic limit, GB');
    expect(limit.value).toBe('2');
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(screen.getByRole('row', { name: /Team A/ })).findByText('0 B of 3 GB'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New password for Team A' }));
    const password = within(await screen.findByRole('dialog', { name: 'New password for Team A' }));
    await user.click(password.getByRole('button', { name: 'Set a new password' }));
    expect(await screen.findByText('pw1secret-new')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Scraper' }));
    const remove = within(await screen.findByRole('dialog', { name: 'Delete sub-user' }));
    expect(remove.getByText(/Delete Scraper \(u2abc\)\?/)).toBeTruthy();
    await user.click(remove.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Scraper/ })).toBeNull());
    expect(alertTexts()).toContain('Sub-user Scraper deleted.');

    expect(sent).toEqual([
      { method: 'PATCH', path: '/packages/5/sub-users/1', body: { traffic_limit_bytes: 3 * GB } },
      { method: 'PATCH', path: '/packages/5/sub-users/1', body: { regenerate_password: true } },
      { method: 'DELETE', path: '/packages/5/sub-users/2', body: undefined },
    ]);
  });

  it('pages the list itself; deleting the only one of the last page shows the page before', async () => {
    const user = userEvent.setup();
    serve(
      Array.from({ length: 11 }, (_, index) =>
        subUser({ id: index + 1, name: `User ${index + 1}` }),
      ),
    );
    renderWithProviders(<SubUsersSection packageId={PACKAGE_ID} />);
    const table = await screen.findByRole('table', { name: 'Sub-users of package #5' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('User 11')]);
    await user.click(screen.getByRole('button', { name: 'Delete User 11' }));
    const remove = within(await screen.findByRole('dialog', { name: 'Delete sub-user' }));
    await user.click(remove.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getByText('User 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });
});
