import type { Course } from '@app/contract/courses';
import type { LmsRosterSync as RosterSync } from '@app/contract/lti';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, type Reply } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { LmsRosterSync } from './lms-roster-sync.tsx';

const course = (role: Course['user_course_role']) => ({ id: 3, title: 'Harmony I', user_course_role: role }) as Course;
/** 2026-11-27 10:00 UTC. */
const AT = 1_795_773_600;
const sync = (values: Partial<RosterSync>): RosterSync => ({
  id: 7,
  status: 'QUEUED',
  added: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  error: null,
  requested_at: AT,
  finished_at: null,
  ...values,
});
const linked = (latest: RosterSync | null) => ({ available: true, lms_title: 'MUS 101', sync: latest });

/** The People page's panel against a fake API: GET answers `statuses` in turn (the last one again), POST `post`. */
function renderSync(role: Course['user_course_role'], statuses: unknown[], post: Reply = ok(linked(sync({})))) {
  let gets = 0;
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/courses/3/lms-roster') return ok(statuses[Math.min(gets++, statuses.length - 1)]);
    if (call.method === 'POST' && call.url === '/api/courses/3/lms-roster') return post;
    if (call.method === 'GET' && call.url.startsWith('/api/courses/3/')) return ok([]);
    return undefined;
  });
  renderRoutes([{ path: '/', element: <LmsRosterSync course={course(role)} language="en" timeZone="UTC" /> }]);
  return calls;
}

describe('Sync from LMS', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('queues a sync, says it is running while the job runs, then what it changed and when', async () => {
    const done = sync({ status: 'DONE', added: 2, updated: 1, unchanged: 4, skipped: 1, finished_at: AT + 5 });
    const calls = renderSync('instructor', [linked(null), linked(sync({ status: 'RUNNING' })), linked(done)]);
    expect(await screen.findByText('This course is linked to "MUS 101" in your LMS.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sync from LMS' }));
    // The POST answers the queued sync at once; the panel then asks every second until it ends.
    expect(await screen.findByText('Waiting to sync from the LMS…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sync from LMS' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Syncing from the LMS… You can leave this page: the sync goes on.', {}, { timeout: 3000 })).toBeTruthy();
    expect(
      await screen.findByText(
        'Synced from the LMS: 2 added, 1 updated, 4 unchanged. 1 member of the LMS course was left out (inactive, or no role here). Last sync: 2026-11-27 10:00 AM.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sync from LMS' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.to('POST', '/api/courses/3/lms-roster')).toHaveLength(1);
    // The sync ended: the status is no longer polled.
    const polls = calls.to('GET', '/api/courses/3/lms-roster').length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls.to('GET', '/api/courses/3/lms-roster')).toHaveLength(polls);
  }, 10_000);

  it('says why the latest sync failed, in the reader’s words', async () => {
    renderSync('instructor', [linked(sync({ status: 'FAILED', error: 'unreachable', finished_at: AT }))]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The sync failed: the LMS's roster could not be read. Please try again later. Tried at 2026-11-27 10:00 AM.",
    );
  });

  it('shows nothing for a course without a roster, or to a TA (who does not even ask)', async () => {
    const calls = renderSync('instructor', [{ available: false, lms_title: null, sync: null }]);
    await vi.waitFor(() => expect(calls.to('GET', '/api/courses/3/lms-roster')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sync from LMS' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const taCalls = renderSync('ta', [linked(null)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(taCalls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Sync from LMS' })).toBeNull();
  });

  it("shows the server's sentence when the sync cannot be asked for", async () => {
    renderSync('instructor', [linked(null)], fail(409, 'This course is not linked to an LMS course that shares its roster.', 'conflict'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sync from LMS' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This course is not linked to an LMS course that shares its roster.');
  });
});
