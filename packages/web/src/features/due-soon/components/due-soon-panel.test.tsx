import type { Course } from '@app/contract/courses';
import type { DueItem } from '@app/contract/due-soon';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wantedLastTime } from '../../../lib/early-requests.ts';
import { currentUser } from '../../../testing/factories.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderAt } from '../../../testing/render.tsx';
import { DueSoonPanel } from './due-soon-panel.tsx';

const NOW = Date.UTC(2031, 8, 10, 12, 0) / 1000;
const active = { id: 3, title: 'Harmony', archived: false, status: 'ACTIVE' } as Course;

const item = (overrides: Partial<DueItem>): DueItem => ({
  document_id: 1,
  document_title: 'Cadences',
  set_id: 4,
  set_title: 'Week 1',
  course_id: 3,
  course_title: 'Harmony',
  due_at: NOW + 86400,
  extended: false,
  overdue: false,
  state: 'not_started',
  practice: false,
  timed_seconds: null,
  deadline_at: null,
  saved_at: null,
  ...overrides,
});

function api(user: ReturnType<typeof currentUser>, items: DueItem[], next: DueItem | null = null) {
  return fakeApi((call) => {
    if (call.url === '/api/users') return ok(user);
    if (call.url === '/api/due-soon') return ok({ items, next, now: NOW, days: 15 });
    return undefined;
  });
}

describe('DueSoonPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists each exercise with its course, due date (the extension), state and an Open link', async () => {
    api(currentUser({ course_students: [active], timezone_name: 'Asia/Seoul' }), [
      item({ document_id: 1, state: 'in_progress', saved_at: NOW - 600 }),
      item({ document_id: 2, document_title: 'Timed quiz', state: 'time_limit', timed_seconds: 1200, deadline_at: NOW + 900 }),
      item({
        document_id: 3,
        document_title: 'Chorale',
        course_id: 5,
        course_title: 'Counterpoint',
        extended: true,
        due_at: NOW + 5 * 86400,
      }),
      item({ document_id: 4, document_title: 'Drill', state: 'submitted', practice: true }),
    ]);
    renderAt('/', <DueSoonPanel />);
    const list = await screen.findByRole('list', { name: 'Due soon' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['in_progress', 'time_limit', 'not_started', 'submitted']);
    const [drafted, timed, extended] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(drafted.textContent).toContain('Due 2031-09-11 9:00 PM');
    expect(drafted.textContent).toContain('Saved 2031-09-10 8:50 PM');
    expect(timed.textContent).toContain('Time limit running');
    expect(timed.textContent).toContain('Time ends 2031-09-10 9:15 PM');
    expect(extended.textContent).toContain('Counterpoint · Week 1');
    expect(within(extended).getByText('Your extension')).toBeTruthy();
    expect(within(extended).getByRole('link', { name: 'Open Chorale (Counterpoint)' }).getAttribute('href')).toBe(
      '/student/course/5/document/3',
    );
  });

  it('says when nothing is due, and is not there for someone who studies in no active course', async () => {
    api(currentUser({ course_students: [active] }), []);
    const { unmount } = renderAt('/', <DueSoonPanel />);
    expect(await screen.findByText('Nothing is due in the next 15 days.')).toBeTruthy();
    // The next visit's entry asks for the list beside /api/users (decision 045).
    expect(wantedLastTime('/api/due-soon')).toBe(true);
    unmount();
    vi.unstubAllGlobals();
    const calls = api(currentUser({ user_type: 2, course_students: [{ ...active, archived: true }] }), []);
    renderAt('/', <DueSoonPanel />);
    await vi.waitFor(() => expect(calls.to('GET', '/api/users')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Due soon' })).toBeNull();
    expect(calls.to('GET', '/api/due-soon')).toHaveLength(0);
    await vi.waitFor(() => expect(wantedLastTime('/api/due-soon')).toBe(false));
  });

  it('names the next exercise due further away, with its date and an Open link (issue 38)', async () => {
    api(
      currentUser({ course_students: [active], timezone_name: 'UTC' }),
      [],
      item({ document_id: 9, document_title: 'Far away', due_at: NOW + 30 * 86400 }),
    );
    renderAt('/', <DueSoonPanel />);
    expect(await screen.findByText('Nothing is due in the next 15 days.')).toBeTruthy();
    const next = within(screen.getByTestId('due-soon-next'));
    expect(next.getByRole('heading', { name: 'Next, further away' })).toBeTruthy();
    expect(next.getByText('Far away')).toBeTruthy();
    expect(next.getByText(/^Due 2031-10-10/)).toBeTruthy();
    expect(next.getByRole('link', { name: 'Open Far away (Harmony)' }).getAttribute('href')).toBe('/student/course/3/document/9');
  });
});
