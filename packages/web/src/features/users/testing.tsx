import type { CurrentUser } from '@app/contract/users';
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

export const student: CurrentUser = {
  id: 7,
  uuid: 'u-7',
  user_type: 1,
  first_name: 'Nadia',
  last_name: 'Boulanger',
  email: 'nadia@example.com',
  gender: null,
  school: null,
  phone_number: null,
  timezone: 1,
  timezone_name: 'UTC',
  language: 'en',
  will_receive_marketing_emails: false,
  will_receive_notification_emails: true,
  has_pending_teacher_account_request: false,
  course_instructors: [],
  course_students: [],
  course_tas: [],
  invitations: [],
  enrollment_requests: [],
  pending_email: null,
};

/**
 * A stand-in for the API in component tests: GET /api/users answers with `user`, GET
 * /api/timezones with two zones, and writes go to `onWrite`, which decides the reply.
 */
export function fakeApi(user: CurrentUser, onWrite: (call: Call) => Reply) {
  const calls: Call[] = [];
  let current = user;
  Cookies.set('csrftoken', 'test-csrf', { path: '/' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      let reply: Reply;
      if (method === 'GET' && url === '/api/users') reply = { status: 200, body: { data: current } };
      else if (method === 'GET' && url === '/api/timezones') {
        reply = {
          status: 200,
          body: {
            data: [
              { id: 1, timezone: 'UTC' },
              { id: 42, timezone: 'Asia/Seoul' },
            ],
          },
        };
      } else {
        reply = onWrite({ method, url, body });
        if (method === 'PUT' && url === '/api/users' && reply.status === 200) {
          current = { ...current, ...(reply.body as { data: Partial<CurrentUser> }).data };
        }
      }
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** Renders a screen at a path with the app's query client (error toasts included) and the toast outlet. */
export function renderScreen(path: string, routes: { path: string; element: ReactNode }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return router;
}
