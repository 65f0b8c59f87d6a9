import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { MemoryRouter, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { whenFirstScreenShown } from '../shared/lib/after-paint';
import { lazyRoute, usePreloadedRoutes } from './router';

const Routes = ({ routes }: { routes: RouteObject[] }) => (
  <Suspense fallback={<p>loading</p>}>{usePreloadedRoutes(routes)}</Suspense>
);

describe('the first screen of a visit', () => {
  it('is shown when a screen mounts, not while its layout still shows a loader', async () => {
    const shown = vi.fn();
    whenFirstScreenShown(shown);
    // Like the cabinet layout: a loader until its data is in, then the page.
    const Layout = () => {
      const [isReady, setReady] = useState(false);
      if (isReady) return <Outlet />;
      return (
        <button type="button" onClick={() => setReady(true)}>
          layout loader
        </button>
      );
    };
    const Page = () => <p>the page</p>;
    const routes: RouteObject[] = [
      {
        ...lazyRoute(
          () => Promise.resolve({ Layout }),
          (m) => m.Layout,
          [],
          'layout',
        ),
        children: [
          {
            path: '/',
            ...lazyRoute(
              () => Promise.resolve({ Page }),
              (m) => m.Page,
            ),
          },
        ],
      },
    ];
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('layout loader')).toBeTruthy();
    expect(shown).not.toHaveBeenCalled();

    act(() => screen.getByText('layout loader').click());
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(shown).toHaveBeenCalledTimes(1);
  });
});
