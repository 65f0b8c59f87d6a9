import { lazy, Suspense } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../shared/session/session-store';
import { AuthGuard } from './guards';

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null });
});

/** A cabinet screen whose chunk has not arrived. */
const Pending = lazy(() => new Promise<never>(() => undefined));

const renderCabinet = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/cabinet/profile']}>
        <Routes>
          <Route element={<AuthGuard />}>
            <Route
              path="/cabinet/profile"
              element={
                <Suspense fallback={null}>
                  <Pending />
                </Suspense>
              }
            />
          </Route>
          <Route path="/login" element={null} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('AuthGuard', () => {
  it('asks for the profile while the cabinet chunks are still loading', () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({ token: 'token-1' });
    renderCabinet();
    const urls = fetchMock.mock.calls.map((call: unknown[]) => String(call[0]));
    expect(urls).toEqual(['/api/profile']);
  });

  it('asks for nothing without a session', () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderCabinet();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
