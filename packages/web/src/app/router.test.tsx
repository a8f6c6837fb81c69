import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { currentUser } from '../testing/factories.ts';
import { fakeApi, ok } from '../testing/fake-api.ts';
import { addSignedInRoutes, routes } from './router.tsx';

/*
 * Issue 15: the signed-in screens' routes are not in the first load; the router adds them on the
 * first navigation that needs them (addSignedInRoutes). The order of the two tests matters: once
 * added, the routes stay.
 */

type Tree = { path?: string; children?: Tree[] };
const paths = (tree: Tree[]): string[] => tree.flatMap((route) => [route.path ?? '', ...paths(route.children ?? [])]);

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: addSignedInRoutes });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('access_token', { path: '/' });
});

describe('the signed-in routes, added on demand', () => {
  it('without a token they are not fetched: a signed-in path goes to sign-in', async () => {
    fakeApi(() => undefined, { signedIn: false });
    const router = renderApp('/dev');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(paths(router.routes)).not.toContain('dev');
  });

  it('with a token, a signed-in path brings them in and shows its screen', async () => {
    fakeApi((call) => (call.url === '/api/users' ? ok(currentUser()) : undefined));
    const router = renderApp('/dev');
    expect(await screen.findByRole('heading', { level: 1, name: 'Component Playground' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dev');
    expect(paths(router.routes)).toContain('course/:courseId');
  });
});
