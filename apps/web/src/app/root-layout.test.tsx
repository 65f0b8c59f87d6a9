import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { connectAnalytics, type AnalyticsSink } from '../shared/analytics/analytics';
import { usePromoStore } from '../shared/stores/promo-store';
import { RootLayout } from './root-layout';

const NextPage = () => {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/cabinet/packages/dynamic/list/42?page=2')}>
      next
    </button>
  );
};

const renderAt = (entry: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="*" element={<NextPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

let pageViews: string[];
beforeEach(() => {
  pageViews = [];
  const sink: AnalyticsSink = { pageView: (path) => pageViews.push(path), event: () => undefined };
  connectAnalytics(sink);
  usePromoStore.getState().reset();
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        Response.json({ supportMessengerUrl: 'https://t.me/x', analytics: null, liveChat: null }),
      ),
    ),
  );
});
afterEach(() => {
  connectAnalytics(null);
  vi.unstubAllGlobals();
});

describe('RootLayout', () => {
  it('reports every navigation as a normalised path', async () => {
    renderAt('/cabinet/transactions?page=3');
    screen.getByRole('button', { name: 'next' }).click();
    await waitFor(() =>
      expect(pageViews).toEqual(['/cabinet/transactions', '/cabinet/packages/dynamic/list/:id']),
    );
  });

  it('?subscribe_promo switches on the subscription promo flag; other queries do not', () => {
    renderAt('/cabinet/faq');
    expect(usePromoStore.getState().isSubscriptionPromoQuery).toBe(false);
    renderAt('/cabinet/buy?subscribe_promo=1');
    expect(usePromoStore.getState().isSubscriptionPromoQuery).toBe(true);
  });
});
