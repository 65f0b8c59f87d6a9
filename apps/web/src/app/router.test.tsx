import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect, useState } from 'react';
import { Link, MemoryRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Redirect } from '../shared/ui/redirect';
import { lazyRoute, preloadRoutes, usePreloadedRoutes } from './router';

/** A module promise the test resolves when it wants the "chunk" to arrive. */
const deferredModule = <M,>() => {
  let resolve!: (module: M) => void;
  const promise = new Promise<M>((r) => (resolve = r));
  let calls = 0;
  const load = () => {
    calls += 1;
    return promise;
  };
  return { load, resolve, calls: () => calls };
};

type Screen = { Screen: () => React.JSX.Element };

/** Like RootLayout: its boundary is keyed by the path, so a new screen mounts a new one. */
const KeyedLayout = () => {
  const { pathname } = useLocation();
  return (
    <main>
      <Suspense key={pathname} fallback={<p>loading the page</p>}>
        <Outlet />
      </Suspense>
    </main>
  );
};

const Routes = ({ routes }: { routes: RouteObject[] }) => (
  <Suspense fallback={<p>loading</p>}>{usePreloadedRoutes(routes)}</Suspense>
);

describe('usePreloadedRoutes', () => {
  it('asks for a nested layout and its page at once, then keeps a screen until the next is in', async () => {
    const layout = deferredModule<Screen>();
    const home = deferredModule<Screen>();
    const next = deferredModule<Screen>();
    const routes: RouteObject[] = [
      {
        ...lazyRoute(layout.load, (m) => m.Screen),
        children: [
          { path: '/', ...lazyRoute(home.load, (m) => m.Screen) },
          { path: '/next', ...lazyRoute(next.load, (m) => m.Screen) },
        ],
      },
    ];
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    // Both chunks of the first screen are requested before the layout has arrived.
    expect([layout.calls(), home.calls(), next.calls()]).toEqual([1, 1, 0]);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      layout.resolve({ Screen: KeyedLayout });
      home.resolve({ Screen: () => <Link to="/next">home screen</Link> });
      await Promise.resolve();
    });
    expect(await screen.findByText('home screen')).toBeTruthy();

    act(() => screen.getByText('home screen').click());
    // The next chunk is on its way: the home screen stays, no loader replaces it.
    expect(next.calls()).toBe(1);
    expect(screen.getByText('home screen')).toBeTruthy();
    expect(screen.queryByText('loading the page')).toBeNull();
    await act(async () => {
      next.resolve({ Screen: () => <p>next screen</p> });
      await Promise.resolve();
    });
    expect(await screen.findByText('next screen')).toBeTruthy();
    expect(screen.queryByText('home screen')).toBeNull();
  });

  it('draws a screen whose chunks are in at once, without its loader', async () => {
    // React throttles the reveal of content that replaces a loader (300 ms): the first screen
    // must not show one when its chunks arrived before the first render (main.tsx waits).
    const layout = deferredModule<Screen>();
    const home = deferredModule<Screen>();
    const routes: RouteObject[] = [
      {
        ...lazyRoute(layout.load, (m) => m.Screen),
        children: [{ path: '/', ...lazyRoute(home.load, (m) => m.Screen) }],
      },
    ];
    layout.resolve({ Screen: KeyedLayout });
    home.resolve({ Screen: () => <p>home screen</p> });
    await preloadRoutes(routes, '/');
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(screen.getByText('home screen')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.queryByText('loading the page')).toBeNull();
  });

  it('lets a click win over a redirect that the outgoing screen decides later', async () => {
    // The cabinet's index waits for data, then redirects; a menu click made meanwhile keeps
    // that screen up while the next chunk loads, and the late redirect must not undo the click.
    const next = deferredModule<Screen>();
    let answer!: (hasPackages: boolean) => void;
    const decided = new Promise<boolean>((r) => (answer = r));
    const seen: string[] = [];
    const Index = () => {
      const [target, setTarget] = useState<string | null>(null);
      useEffect(() => void decided.then((has) => setTarget(has ? '/overview' : '/buy')), []);
      return target ? <Redirect to={target} replace /> : <Link to="/next">deciding</Link>;
    };
    const Where = () => {
      const { pathname } = useLocation();
      useEffect(() => void seen.push(pathname), [pathname]);
      return null;
    };
    const routes: RouteObject[] = [
      {
        element: <KeyedLayout />,
        children: [
          { path: '/', element: <Index /> },
          { path: '/buy', element: <p>buy screen</p> },
          { path: '/next', ...lazyRoute(next.load, (m) => m.Screen) },
        ],
      },
    ];
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes routes={routes} />
        <Where />
      </MemoryRouter>,
    );
    act(() => screen.getByText('deciding').click());
    await act(async () => {
      answer(false);
      await decided;
    });
    await act(async () => {
      next.resolve({ Screen: () => <p>next screen</p> });
      await Promise.resolve();
    });
    expect(await screen.findByText('next screen')).toBeTruthy();
    expect(seen.at(-1)).toBe('/next');
    expect(seen).not.toContain('/buy');
  });
});
