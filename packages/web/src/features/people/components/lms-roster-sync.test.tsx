import type { Course } from '@app/contract/courses';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { LmsRosterSync } from './lms-roster-sync.tsx';

const course = (role: Course['user_course_role']) => ({ id: 3, title: 'Harmony I', user_course_role: role }) as Course;

function renderSync(role: Course['user_course_role'], status: unknown, sync = ok({ added: 2, updated: 1, unchanged: 4, skipped: 1 })) {
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/courses/3/lms-roster') return ok(status);
    if (call.method === 'POST' && call.url === '/api/courses/3/lms-roster') return sync;
    return undefined;
  });
  renderRoutes([{ path: '/', element: <LmsRosterSync course={course(role)} /> }]);
  return calls;
}

describe('Sync from LMS', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('syncs a linked course for its instructor and says what changed', async () => {
    const calls = renderSync('instructor', { available: true, lms_title: 'MUS 101' });
    expect(await screen.findByText('This course is linked to "MUS 101" in your LMS.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sync from LMS' }));
    expect(
      await screen.findByText(
        'Synced from the LMS: 2 added, 1 updated, 4 unchanged. 1 member of the LMS course was left out (inactive, or no role here).',
      ),
    ).toBeTruthy();
    expect(calls.to('POST', '/api/courses/3/lms-roster')).toHaveLength(1);
  });

  it('shows nothing for a course without a roster, or to a TA (who does not even ask)', async () => {
    const calls = renderSync('instructor', { available: false, lms_title: null });
    await vi.waitFor(() => expect(calls.to('GET', '/api/courses/3/lms-roster')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sync from LMS' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const taCalls = renderSync('ta', { available: true, lms_title: 'MUS 101' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(taCalls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Sync from LMS' })).toBeNull();
  });

  it("shows the server's sentence when the LMS cannot be reached", async () => {
    renderSync(
      'instructor',
      { available: true, lms_title: 'MUS 101' },
      fail(502, "The LMS's roster could not be read. Please try again later.", 'unavailable'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sync from LMS' }));
    expect((await screen.findByRole('alert')).textContent).toContain("The LMS's roster could not be read.");
  });
});
