import type { Course } from '@app/contract/courses';
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser, testDocument, testSet } from '../../../testing/factories.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { testCourse } from '../../../testing/test-course.ts';
import { AssignmentEditorPage } from './assignment-editor-page.tsx';

/**
 * Who sees "Edit Answers" (an analysis key, or a part-writing document's rule settings, issue 27):
 * the course's instructors in the set editor. A TA views sets but may not change them or their
 * settings (spec §6), so the editor — and with it the button — sends a TA back to the course.
 */

const partWriting = testDocument({ id: 41, assignment_id: 9, title: 'Figured bass 1' });

function show(course: Course) {
  const calls = fakeApi((call) => {
    if (call.url === '/api/users') return ok(currentUser({ user_type: course.user_course_role === 'instructor' ? 2 : 1 }));
    if (call.url === '/api/assignments/9') return ok(testSet({ id: 9, course: course.id, documents: [partWriting] }));
    return undefined;
  });
  const view = renderRoutes(
    [
      {
        path: '/course/:courseId',
        element: <Outlet context={course} />,
        children: [{ path: 'assignment/:assignmentId', element: <AssignmentEditorPage /> }],
      },
      { path: '/course/:courseId', element: <p>Course page</p> },
    ],
    `/course/${course.id}/assignment/9`,
  );
  return { calls, view };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Edit Answers in the set editor', () => {
  it('is there for the course’s instructor, on a part-writing document too', async () => {
    show(testCourse({ id: 7, user_course_role: 'instructor' }));
    expect(await screen.findByRole('button', { name: 'Edit the answers of Figured bass 1' })).toBeTruthy();
  });

  it('is never shown to a TA: the editor sends them back to the course', async () => {
    const { view } = show(testCourse({ id: 7, user_course_role: 'ta' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/course/7'));
    expect(screen.queryByRole('button', { name: /Edit the answers/ })).toBeNull();
  });
});
