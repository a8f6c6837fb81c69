import type { AssignmentSet } from '@app/contract/assignments';
import type { GoogleInfo } from '@app/contract/integrations';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Notifications } from '../../components/ui/notifications.tsx';
import { createQueryClient } from '../../lib/query-client.ts';

export type Reply = { status: number; body: unknown };
export type Call = { method: string; url: string; body: unknown };

export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });
export const fail = (status: number, message: string): Reply => ({ status, body: { errors: [{ code: 'x', message }] } });

/** A stand-in for the API: `answer` replies to each call by method and path; every call is recorded. */
export function stubApi(answer: (call: Call) => Reply | undefined) {
  const calls: Call[] = [];
  Cookies.set('csrftoken', 'test-csrf', { path: '/' });
  Cookies.set('access_token', 'token-1', { path: '/' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const reply = answer(call) ?? fail(404, 'Not found.');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { calls, to: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url) };
}

/** Renders at a path with the app's query client (error toasts included) and the toast outlet. */
export function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export const googleInfo = (overrides: Partial<GoogleInfo> = {}): GoogleInfo => ({
  configured: true,
  linked: true,
  courses: [
    { id: '1001', name: 'Period 1 Music Theory' },
    { id: '1002', name: 'Period 4 Music Theory' },
  ],
  error: 0,
  disabled: [],
  ...overrides,
});

export const testDocument = (overrides: { id?: number; title?: string } = {}) => ({ id: 31, title: 'Cadences in C major', ...overrides });

export const testAssignment = (overrides: Partial<Pick<AssignmentSet, 'id' | 'due_at'>> = {}) => ({
  id: 8,
  due_at: Math.floor(Date.now() / 1000) + 7 * 86_400,
  ...overrides,
});
