import type { CourseInvitation } from '@app/contract/people';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi, ok, type Reply } from '../../../testing/fake-api.ts';
import { JoinCoursePage } from './join-course.tsx';

const invitation: CourseInvitation = {
  id: 3,
  invitee_email: 'nadia@example.com',
  join_as: 'student',
  role: 'student',
  state: 'PENDING',
  created_at: 1_900_000_000,
  expires_at: 1_901_000_000,
  course_info: {
    id: 5,
    title: 'Music Theory I',
    start_date: 1_900_000_000,
    end_date: 1_910_000_000,
    school: { school: 'Harmony Conservatory' },
  },
};

const fail = (status: number, message = 'This course invitation is no longer available.'): Reply => ({
  status,
  body: { errors: [{ code: 'x', message }] },
});

function stubApi(lookup: Reply, accept: Reply) {
  const calls = fakeApi((call) => {
    if (call.url !== '/api/course-invitations/tok-1') return ok(null);
    if (call.method === 'GET') return lookup;
    if (call.method === 'PATCH') return accept;
    return ok(null);
  });
  return { patches: () => calls.to('PATCH', '/api/course-invitations/tok-1').map((call) => call.body) };
}

function renderJoin() {
  const router = createMemoryRouter([{ path: '/join/:invitationToken', element: <JoinCoursePage /> }], { initialEntries: ['/join/tok-1'] });
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('/join/{token}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('looks the invitation up, accepts it once, and links to the course', async () => {
    const api = stubApi(ok(invitation), ok({ ...invitation, state: 'ACCEPTED' }));
    renderJoin();
    expect(await screen.findByText('You have successfully joined the course "Music Theory I".')).toBeTruthy();
    expect(api.patches()).toEqual([{ state: 'ACCEPTED' }]);
    expect(screen.getByRole('link', { name: 'Go to the course' }).getAttribute('href')).toBe('/student/course/5/info');
  });

  it('opens the course pages for an invited TA', async () => {
    stubApi(ok({ ...invitation, join_as: 'ta', role: 'ta' }), ok({ ...invitation, state: 'ACCEPTED' }));
    renderJoin();
    expect((await screen.findByRole('link', { name: 'Go to the course' })).getAttribute('href')).toBe('/course/5/info');
  });

  it('says the invitation is gone when the lookup finds nothing', async () => {
    const api = stubApi(fail(404), ok(invitation));
    renderJoin();
    expect(await screen.findByText('This course invitation is no longer available.')).toBeTruthy();
    expect(api.patches()).toEqual([]);
  });

  it.each([404, 409, 403])('says the invitation is gone when accepting answers %i', async (status) => {
    stubApi(ok(invitation), fail(status, 'Whatever the server says.'));
    renderJoin();
    expect(await screen.findByText('This course invitation is no longer available.')).toBeTruthy();
  });

  it('says there was an error for anything else', async () => {
    stubApi(ok(invitation), fail(500, 'Something went wrong on our side. Please try again.'));
    renderJoin();
    expect(await screen.findByText('There was an error accessing this course invitation.')).toBeTruthy();
  });
});
