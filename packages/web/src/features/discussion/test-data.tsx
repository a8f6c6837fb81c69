import type { Course } from '@app/contract/courses';
import type { Post, Thread, ThreadSummary } from '@app/contract/discussion';
import type { CurrentUser } from '@app/contract/users';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Notifications } from '../../components/ui/notifications.tsx';
import { createQueryClient } from '../../lib/query-client.ts';

export type Call = { method: string; url: string; body: unknown };
export type Reply = { status: number; body: unknown };
export const ok = (data: unknown): Reply => ({ status: 200, body: { data } });

const T0 = Date.UTC(2031, 8, 10, 14, 0) / 1000;

export const me: CurrentUser = {
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

/** The outlet context the course layout hands down; only the fields the board reads matter. */
export function course(role: Course['user_course_role'], status: Course['status'] = 'ACTIVE'): Course {
  return { id: 3, title: 'Music Theory I', user_course_role: role, status } as Course;
}

export function summary(overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    id: 5,
    course_id: 3,
    title: 'Parallel fifths in bar 3?',
    author: { id: 7, first_name: 'Nadia', last_name: 'Boulanger', role: 'student' },
    pinned: false,
    locked: false,
    created_at: T0,
    edited_at: null,
    last_activity_at: T0 + 600,
    reply_count: 0,
    unread: false,
    ...overrides,
  };
}

export function thread(overrides: Partial<Thread> = {}): Thread {
  return {
    ...summary(),
    body: 'Are these allowed here?',
    can: { edit: true, delete: true, reply: true, moderate: false },
    ...overrides,
  };
}

export function post(overrides: Partial<Post> = {}): Post {
  return {
    id: 11,
    thread_id: 5,
    author: { id: 2, first_name: 'Clara', last_name: 'Schumann', role: 'instructor' },
    body: 'Not in strict style.',
    deleted: false,
    created_at: T0 + 600,
    edited_at: null,
    can: { edit: false, delete: false },
    ...overrides,
  };
}

/** Stubs fetch: GET /api/users answers with `me`; everything else goes to `answer`. */
export function fakeApi(answer: (call: Call) => Reply) {
  const calls: Call[] = [];
  Cookies.set('csrftoken', 'test-csrf', { path: '/' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, url, body };
      calls.push(call);
      const reply = method === 'GET' && url === '/api/users' ? ok(me) : answer(call);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** Renders a board screen below a stand-in course layout at `path`. */
export function renderInCourse(screen: ReactElement, courseValue: Course, childPath: string, path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/course/:courseId',
        element: <Outlet context={courseValue} />,
        children: [
          { path: childPath, element: screen },
          childPath === 'discussion'
            ? { path: 'discussion/:threadId', element: <p>Thread</p> }
            : { path: 'discussion', element: <p>Board</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return router;
}
