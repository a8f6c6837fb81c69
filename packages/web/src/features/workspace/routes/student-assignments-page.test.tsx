import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { testDocument, testSet } from '../../../testing/factories.ts';
import { NOW, submission, workspaceApi } from '../test-workspace.ts';
import { StudentAssignmentsPage } from './student-assignments-page.tsx';

const viewer = { id: 7, timeZone: 'UTC', language: 'en' as const };
const course = { id: 3, title: 'Music Theory I', user_course_role: 'student' } as Course;

const doc = (id: number, title: string, overrides: Partial<CourseDocument> = {}): CourseDocument =>
  testDocument({ id, assignment_id: 4, title, weight: id, doc_key: `k${id}`, ...overrides });

const set = (overrides: Partial<AssignmentSet>): AssignmentSet =>
  testSet({ id: 4, course: 3, released_at: NOW - 86400, due_at: NOW + 86400, set_key: 's4', ...overrides });

describe("the students' assignments page", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the released sets with their due dates and where the student stands with each document', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW * 1000 });
    workspaceApi((call) => {
      if (call.url === '/api/courses/3/assignments')
        return {
          status: 200,
          data: [
            set({
              extension_due_at: NOW + 3 * 86400,
              documents: [
                doc(1, 'Phrase 1'),
                doc(2, 'Phrase 2'),
                doc(3, 'Phrase 3', { delay_showing_grade: true, show_grade_on_date: NOW + 5 * 86400 }),
                doc(4, 'Drill', { practice: true }),
                doc(5, 'Quiz', { timed: true, timed_time_seconds: 1800 }),
                doc(7, 'Test', { timed: true, timed_time_seconds: 1800 }),
              ],
            }),
            set({ id: 5, title: 'Week 0', due_at: NOW - 3600, documents: [doc(6, 'Old phrase')] }),
          ],
        };
      if (call.url.startsWith('/api/courses/3/submissions'))
        return {
          status: 200,
          data: [
            submission({ id: 9, document: 2, points: 7, max_points: 8, percent: 87.5, grade: 'B+' }),
            submission({ id: 10, document: 3, grade_hidden: true, points: null, percent: null, grade: null }),
          ],
        };
      if (call.url === '/api/courses/3/drafts')
        return {
          status: 200,
          data: [
            { document_id: 1, updated_at: NOW - 600, deadline_at: null },
            // A timed document whose clock runs (started 17 min 26 s ago), with nothing saved yet.
            { document_id: 7, updated_at: null, deadline_at: NOW + 754 },
          ],
        };
      return { status: 404 };
    });
    const router = createMemoryRouter(
      [
        {
          path: '/student/course/:courseId',
          element: <Outlet context={course} />,
          children: [{ path: 'assignments', element: <StudentAssignmentsPage viewer={viewer} /> }],
        },
      ],
      { initialEntries: ['/student/course/3/assignments'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    const week1 = await screen.findByRole('region', { name: 'Week 1' });
    expect(within(week1).getByText('Due 2031-09-13 2:00 PM')).toBeTruthy();
    expect(within(week1).getByText('Your extension')).toBeTruthy();
    const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
    expect(row('Phrase 1').textContent).toContain('In progress');
    expect(row('Phrase 1').textContent).toContain('Saved 2031-09-10 1:50 PM');
    expect(row('Phrase 2').textContent).toContain('Submitted');
    expect(row('Phrase 2').textContent).toContain('7 / 8');
    expect(row('Phrase 2').textContent).toContain('B+');
    expect(row('Phrase 3').textContent).toContain('Grade will be shown on 2031-09-15 2:00 PM');
    expect(row('Drill').textContent).toContain('Practice');
    expect(row('Quiz').textContent).toContain('Time limit: 30 min');
    expect(row('Quiz').textContent).toContain('Not started');
    expect(row('Test').textContent).toContain('In progress, 13 min left');
    expect(row('Test').textContent).not.toContain('Saved');
    expect(row('Old phrase').textContent).toContain('Past due');
    expect(screen.getByRole('link', { name: 'Open Phrase 1' }).getAttribute('href')).toBe('/student/course/3/document/1');
  });

  it('shows only the set an LMS link names (?set=), with a link to all sets; an unknown set shows them all', async () => {
    workspaceApi((call) => {
      if (call.url === '/api/courses/3/assignments')
        return {
          status: 200,
          data: [
            set({ title: 'Week 1', documents: [doc(1, 'Phrase 1')] }),
            set({ id: 5, title: 'Week 2', documents: [doc(6, 'Phrase 6')] }),
          ],
        };
      if (call.url.startsWith('/api/courses/3/submissions') || call.url === '/api/courses/3/drafts') return { status: 200, data: [] };
      return { status: 404 };
    });
    const open = (entry: string) => {
      const router = createMemoryRouter(
        [
          {
            path: '/student/course/:courseId',
            element: <Outlet context={course} />,
            children: [{ path: 'assignments', element: <StudentAssignmentsPage viewer={viewer} /> }],
          },
        ],
        { initialEntries: [entry] },
      );
      return render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    };
    const one = open('/student/course/3/assignments?set=5');
    expect(await screen.findByRole('region', { name: 'Week 2' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Week 1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All assignment sets' }).getAttribute('href')).toBe('/student/course/3/assignments');
    one.unmount();
    open('/student/course/3/assignments?set=99');
    expect(await screen.findByRole('region', { name: 'Week 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Week 2' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'All assignment sets' })).toBeNull();
  });
});
