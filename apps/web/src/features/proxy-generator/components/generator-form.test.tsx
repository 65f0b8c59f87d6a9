import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import packages from '../../../../public/locales/en/packages.json';
import { renderWithProviders } from '../../../test/render';
import { GeneratorForm } from './generator-form';

beforeAll(() => {
  i18next.addResourceBundle('en', 'packages', packages);
});
afterEach(() => vi.unstubAllGlobals());

/** The locations arrive through the query client: give a busy machine time. */
const WAIT = { timeout: 5_000 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `count` countries; the first (Germany) has two cities. */
const locations = (count: number) => ({
  data: Array.from({ length: count }, (_, i) => ({
    id: 276 + i,
    iso2: i === 0 ? 'DE' : `X${String.fromCharCode(65 + i)}`,
    name: i === 0 ? 'Germany' : `Country ${i}`,
    cities:
      i === 0
        ? [
            { code: 'berlin', name: 'Berlin' },
            { code: 'munich', name: 'Munich' },
          ]
        : [],
  })),
});

/** The API: the locations, and the generator's answer (`generate`). */
const stubApi = (countryCount: number, generate: () => Response) => {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url.endsWith('/premium/locations')) return Promise.resolve(json(locations(countryCount)));
      return Promise.resolve(generate());
    }),
  );
  return calls;
};

describe('GeneratorForm', () => {
  it('countries get a search box only above 10; cities appear for a ticked country', async () => {
    const user = userEvent.setup();
    stubApi(10, () => json({ success: true, list: [] }));
    const { unmount } = renderWithProviders(<GeneratorForm packageId={7} onGenerated={vi.fn()} />);
    const countries = await screen.findByRole('list', { name: 'Countries' }, WAIT);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Cities' })).toBeNull();
    await user.click(within(countries).getByRole('checkbox', { name: 'Germany' }));
    const cities = screen.getByRole('list', { name: 'Cities' });
    expect(within(cities).getAllByRole('checkbox')).toHaveLength(2);
    // Un-ticking the country clears and hides its cities.
    await user.click(within(cities).getByRole('checkbox', { name: 'Berlin' }));
    await user.click(within(countries).getByRole('checkbox', { name: 'Germany' }));
    expect(screen.queryByRole('list', { name: 'Cities' })).toBeNull();
    unmount();

    stubApi(11, () => json({ success: true, list: [] }));
    renderWithProviders(<GeneratorForm packageId={7} onGenerated={vi.fn()} />);
    const many = await screen.findByRole('list', { name: 'Countries' }, WAIT);
    const search = screen.getByRole('searchbox', { name: 'Search in Countries' });
    await user.type(search, 'germ');
    expect(within(many).getAllByRole('checkbox')).toHaveLength(1);
  });

  it('sticky adds lifetime and unit; too long a session is refused on the lifetime field', async () => {
    const user = userEvent.setup();
    const calls = stubApi(1, () => json({ success: true, list: [] }));
    renderWithProviders(<GeneratorForm packageId={7} onGenerated={vi.fn()} />);
    expect(screen.queryByLabelText('Session lifetime')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^Sticky/ }));
    const lifetime = screen.getByLabelText('Session lifetime');
    await user.clear(lifetime);
    await user.type(lifetime, '2');
    await user.selectOptions(screen.getByLabelText('Unit'), 'days');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('A sticky session lasts at most one day.')).toBeTruthy();
    expect(lifetime.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.url.includes('proxy-generator'))).toHaveLength(0);
  });

  it('sticky starts on a 10-minute session, as the gateway and proxy providers default to', async () => {
    const user = userEvent.setup();
    const onGenerated = vi.fn();
    const calls = stubApi(1, () => json({ success: true, list: ['a:1:u:p'] }));
    renderWithProviders(<GeneratorForm packageId={7} onGenerated={onGenerated} />);
    await user.click(screen.getByRole('radio', { name: /^Sticky/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Session lifetime').value).toBe('10');
    const unit = screen.getByLabelText<HTMLSelectElement>('Unit');
    expect(unit.selectedOptions[0]?.textContent).toBe('minutes');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    const sent = calls.find((call) => call.url.endsWith('/packages/7/proxy-generator'));
    expect(sent?.body).toMatchObject({ type: 'sticky', lifetime: 10, timespan: 60 });
  });

  it('a count outside 1-99999 is shown on the count field and nothing is sent', async () => {
    const user = userEvent.setup();
    const calls = stubApi(1, () => json({ success: true, list: [] }));
    renderWithProviders(<GeneratorForm packageId={7} onGenerated={vi.fn()} />);
    const count = screen.getByLabelText('Number of proxies');
    await user.clear(count);
    await user.type(count, '100000');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('The number of proxies must be a whole number from 1 to 99999.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('proxy-generator'))).toHaveLength(0);
  });

  it('sends the chosen values and hands the lines over; server field errors land on fields', async () => {
    const user = userEvent.setup();
    const onGenerated = vi.fn();
    let answer = json({ success: true, list: ['a:1:u:p', 'a:1:u2:p'] });
    const calls = stubApi(1, () => answer);
    renderWithProviders(<GeneratorForm packageId={7} onGenerated={onGenerated} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Germany' }, WAIT));
    await user.click(screen.getByRole('radio', { name: 'SOCKS5' }));
    await user.click(screen.getByRole('radio', { name: 'USER:PASS@IP:PORT' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(['a:1:u:p', 'a:1:u2:p']));
    const sent = calls.find((call) => call.url.endsWith('/packages/7/proxy-generator'));
    expect(sent?.body).toMatchObject({
      protocols: 'socks5',
      type: 'rotating',
      format: 1,
      proxy_count: 10,
      countries: ['DE'],
      cities: [],
    });

    answer = json(
      { message: 'The given data was invalid.', errors: { countries: ['Not served now.'] } },
      422,
    );
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Not served now.')).toBeTruthy();
  });
});
