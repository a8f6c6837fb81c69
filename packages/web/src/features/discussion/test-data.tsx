import type { Course } from '@app/contract/courses';
import type { Post, Thread, ThreadSummary } from '@app/contract/discussion';
import type { CurrentUser } from '@app/contract/users';
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { currentUser } from '../../testing/factories.ts';
import { type Call, fakeApi, ok, type Reply } from '../../testing/fake-api.ts';
import { renderRoutes } from '../../testing/render.tsx';

const T0 = Date.UTC(2031, 8, 10, 14, 0) / 1000;

export const me: CurrentUser = currentUser();

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
export function boardApi(answer: (call: Call) => Reply) {
  return fakeApi((call) => (call.method === 'GET' && call.url === '/api/users' ? ok(me) : answer(call)));
}

/** Renders a board screen below a stand-in course layout at `path`. */
export function renderInCourse(screen: ReactElement, courseValue: Course, childPath: string, path: string) {
  return renderRoutes(
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
    path,
  ).router;
}
