import type { Course } from '@app/contract/courses';
import { SubmissionMessages } from '@app/contract/submissions';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render.tsx';
import { NOW, workspace, workspaceApi } from '../test-workspace.ts';
import { WorkspacePage } from './workspace-page.tsx';

const viewer = { id: 7, timeZone: 'UTC', language: 'en' as const };
const course = { id: 3, title: 'Music Theory I', user_course_role: 'student' } as Course;
const timed = { timed_seconds: 1800, deadline_at: null, started_at: null };

/** The page inside its course route, with the app's query client and toast outlet (testing/render). */
function show() {
  renderRoutes(
    [
      {
        path: '/student/course/:courseId',
        element: <Outlet context={course} />,
        children: [{ path: 'document/:documentId', element: <WorkspacePage viewer={viewer} /> }],
      },
    ],
    '/student/course/3/document/1',
  );
}

describe('a timed document in the workspace', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows its time limit and a Start button; the clock and the score come with Start, not with opening', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW * 1000 });
    const waiting = {
      ...workspace({ rules: { ...timed, can_submit: false, refusal: SubmissionMessages.downloadFirst } }),
      items: [],
      score: null,
    };
    const calls = workspaceApi((call) => {
      if (call.method === 'GET' && call.url === '/api/documents/1/workspace') return { status: 200, data: waiting };
      if (call.method === 'POST' && call.url === '/api/documents/1/start')
        return { status: 200, data: workspace({ rules: { timed_seconds: 1800, started_at: NOW, deadline_at: NOW + 1800 } }) };
      return { status: 200, data: [] };
    });
    show();

    expect(await screen.findByRole('heading', { name: 'Timed exercise: 30 min' })).toBeTruthy();
    expect(screen.getByText(/You have 30 minutes from the moment you press Start/)).toBeTruthy();
    expect(screen.queryByText('0 of 3 chords answered')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(calls.writes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(calls.to('POST', '/api/documents/1/start')).toHaveLength(1);
    expect(await screen.findByText('0 of 3 chords answered')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('30:00');
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('shows why the server refused a Start beside the button', async () => {
    const waiting = {
      ...workspace({ rules: { ...timed, can_submit: false, refusal: SubmissionMessages.downloadFirst } }),
      items: [],
      score: null,
    };
    workspaceApi((call) =>
      call.method === 'POST' ? { status: 409, message: 'This document has no time limit to start.' } : { status: 200, data: waiting },
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('This document has no time limit to start.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
  });

  it('offers no Start once the document takes no work (past due)', async () => {
    const waiting = {
      ...workspace({ rules: { ...timed, can_submit: false, refusal: SubmissionMessages.pastDue } }),
      items: [],
      score: null,
    };
    workspaceApi(() => ({ status: 200, data: waiting }));
    show();
    expect(await screen.findByRole('heading', { name: 'Timed exercise: 30 min' })).toBeTruthy();
    expect(screen.getByText('The due date has passed; only practice documents accept work now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });
});
