import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Notifications } from '../components/ui/notifications.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders routes at a path with a fresh app query client (error toasts included) and the toast outlet. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one screen at a path (any path matches), as `renderRoutes` does. */
export function renderAt(path: string, element: ReactNode) {
  return renderRoutes([{ path: '*', element }], path);
}

/** Renders a component with what it relies on: a fresh query client and a router; no toast outlet. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
