import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import packages from '../../../../public/locales/en/packages.json';
import { renderWithProviders } from '../../../test/render';
import { CreateListModal } from './create-list-modal';

beforeAll(() => {
  i18next.addResourceBundle('en', 'packages', packages);
});

type Answer = { status?: number; body: unknown };

const country = (code: string, name: string) => ({ code, name: { en: name, ru: name } });
const COUNTRIES = [
  country('DE', 'Germany'),
  country('FR', 'France'),
  country('US', 'United States'),
];

/** The API as the form meets it: location options per level, and the create call. */
const stubApi = (create: Answer = { body: { success: true, list_id: 9 } }) => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const answer = (url: URL): Answer => {
    const at = (path: string) => url.pathname.endsWith(path);
    const place = url.searchParams;
    if (at('/locations/countries'))
      return { body: { presets: ['custom', 'world-mix', 'europe'], countries: COUNTRIES } };
    if (at('/locations/regions'))
      return {
        body: {
          data:
            place.get('country') === 'DE'
              ? [
                  { code: 'berlin', name: 'Berlin' },
                  { code: 'bavaria', name: 'Bavaria' },
                ]
              : [],
        },
      };
    if (at('/locations/cities'))
      return {
        body: {
          data:
            place.get('region') === 'bavaria'
              ? [{ code: 'munich', name: 'Munich' }]
              : [{ code: 'berlin', name: 'Berlin' }],
        },
      };
    if (at('/locations/isps'))
      return {
        body: {
          data: place.get('city') === 'berlin' ? [] : [{ code: 'Telekom', name: 'Telekom' }],
        },
      };
    return create;
  };
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url: url.pathname + url.search, method: init?.method ?? 'GET', body });
    const { status = 200, body: data } = answer(url);
    return Promise.resolve(
      new Response(JSON.stringify(data), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};

/** The form over the stubbed API, and a user to fill it in. */
const openForm = () => {
  const user = userEvent.setup();
  const calls = stubApi();
  const onCreated = vi.fn();
  renderWithProviders(<CreateListModal packageId={5} onClose={() => {}} onCreated={onCreated} />);
  return { user, calls, onCreated };
};

const select = (name: string) => screen.getByRole('combobox', { name });
const selectedText = (name: string) => {
  const element = select(name) as HTMLSelectElement;
  return element.selectedOptions[0]?.textContent;
};

/** Custom preset with Germany chosen, waiting for its regions. */
const chooseGermany = async (user: ReturnType<typeof userEvent.setup>) => {
  await waitFor(() =>
    expect((select('Location preset') as HTMLSelectElement).disabled).toBe(false),
  );
  await user.selectOptions(select('Location preset'), 'custom');
  await user.click(screen.getByRole('checkbox', { name: 'Germany' }));
  await screen.findByRole('combobox', { name: 'Region' });
};

// Many user steps per test: roomy on a busy machine.
describe('CreateListModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('crypto', globalThis.crypto);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('custom location: region only for one country, each level clears those below', async () => {
    const { user } = openForm();
    await chooseGermany(user);
    await user.selectOptions(select('Region'), 'bavaria');
    await waitFor(() =>
      expect(within(select('City')).getByRole('option', { name: 'Munich' })).toBeTruthy(),
    );
    await user.selectOptions(select('City'), 'munich');
    await waitFor(() =>
      expect(within(select('ISP')).getByRole('option', { name: 'Telekom' })).toBeTruthy(),
    );
    await user.selectOptions(select('ISP'), 'Telekom');

    // A new region clears city and ISP.
    await user.selectOptions(select('Region'), 'berlin');
    expect(selectedText('City')).toBe('Any');
    expect(selectedText('ISP')).toBe('Any');
    await waitFor(() =>
      expect(within(select('City')).getByRole('option', { name: 'Berlin' })).toBeTruthy(),
    );
    await user.selectOptions(select('City'), 'berlin');
    // Berlin has no ISPs: the info alert instead of the field.
    expect(await screen.findByText('No ISPs are available here.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'ISP' })).toBeNull();

    // A second country hides the place levels; back to one, they start empty.
    await user.click(screen.getByRole('checkbox', { name: 'France' }));
    expect(screen.queryByRole('combobox', { name: 'Region' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'France' }));
    await screen.findByRole('combobox', { name: 'Region' });
    expect(selectedText('Region')).toBe('Any');
  });

  it('a country without regions shows regions_empty', async () => {
    const { user } = openForm();
    await waitFor(() =>
      expect((select('Location preset') as HTMLSelectElement).disabled).toBe(false),
    );
    await user.selectOptions(select('Location preset'), 'custom');
    await user.click(screen.getByRole('checkbox', { name: 'France' }));
    expect(await screen.findByText('No regions are available for this country.')).toBeTruthy();
  });

  it('a preset other than custom clears the chosen countries', async () => {
    const { user } = openForm();
    await chooseGermany(user);
    await user.selectOptions(select('Region'), 'berlin');
    await user.selectOptions(select('Location preset'), 'europe');
    expect(screen.queryByRole('checkbox', { name: 'Germany' })).toBeNull();
    await user.selectOptions(select('Location preset'), 'custom');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Germany' }).checked).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Region' })).toBeNull();
  });

  it('auth type: a read-only 20-character login, or a required whitelist; the format resets', async () => {
    const { user, calls } = openForm();
    const login = screen.getByRole('textbox', { name: 'Login' });
    expect((login as HTMLInputElement).readOnly).toBe(true);
    expect((login as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{20}$/);
    await user.selectOptions(select('Proxy format'), 'socks5://USER:PASS@HOST:PORT');
    await user.click(screen.getByRole('radio', { name: 'IP list' }));
    expect(selectedText('Proxy format')).toBe('HOST:PORT');
    expect(screen.queryByRole('textbox', { name: 'Login' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'List name' }), 'Shop1');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Enter a valid IPv4 address.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Allowed IP addresses' }), '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Enter a valid IPv4 address.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('ports_count: the spec keys for not a number, fraction, zero and above 1000', async () => {
    const { user } = openForm();
    await user.type(screen.getByRole('textbox', { name: 'List name' }), 'my list');
    const ports = screen.getByRole('textbox', { name: 'Number of ports' });
    const expectPortsError = async (value: string, text: string) => {
      await user.clear(ports);
      await user.type(ports, value);
      await user.click(screen.getByRole('button', { name: 'Create list' }));
      expect(await screen.findByText(text)).toBeTruthy();
    };
    await expectPortsError('abc', 'The number of ports must be a number.');
    expect(screen.getByText('The name may contain only letters and digits.')).toBeTruthy();
    await expectPortsError('2.5', 'The number of ports must be a whole number.');
    await expectPortsError('0', 'The number of ports must be greater than 0.');
    await expectPortsError('1001', 'At most 1000 ports per list.');
  });

  it('sends the parsed form, opens the list on success; server field errors land on fields', async () => {
    const { user, calls, onCreated } = openForm();
    await chooseGermany(user);
    await user.selectOptions(select('Region'), 'berlin');
    await user.type(screen.getByRole('textbox', { name: 'List name' }), 'Shop1');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(9));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/packages/5/proxy-lists');
    expect(post?.body).toMatchObject({
      name: 'Shop1',
      location_preset: 'custom',
      countries: ['DE'],
      region: 'berlin',
      city: null,
      isp: null,
      auth_type: 0,
      white_list: [],
      rotation_period: -1,
      proxy_format: 0,
      ports_count: 10,
    });

    stubApi({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { region: ['This region is not available.'] },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('This region is not available.')).toBeTruthy();
  });
});
