import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications } from '../../../lib/notifications.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { profileApi, student } from '../test-data.ts';
import { RequestTeacherAccountPage } from './request-teacher-account.tsx';

function renderRequest() {
  return renderRoutes(
    [
      { path: '/request-teacher-account', element: <RequestTeacherAccountPage /> },
      { path: '/my-profile', element: <p>profile page</p> },
    ],
    '/request-teacher-account',
  ).router;
}

describe('/request-teacher-account', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => clearNotifications());
  });

  it('checks the form before sending', async () => {
    const api = profileApi(student, () => ({ status: 201, body: { data: {} } }));
    renderRequest();
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: 'call me' } });
    fireEvent.change(screen.getByLabelText('School web site'), { target: { value: 'not a site' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('School name is required.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid web site address, such as https://www.school.edu.')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('sends the request and goes to the profile with a success message', async () => {
    const api = profileApi(student, () => ({ status: 201, body: { data: { id: 1, status: 'PENDING' } } }));
    const router = renderRequest();
    fireEvent.change(await screen.findByLabelText('School name'), { target: { value: 'Riverside High' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555 010 2030' } });
    fireEvent.change(screen.getByLabelText('School web site'), { target: { value: 'riverside.example.edu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-profile');
    expect(screen.getByRole('status').textContent).toContain('Your teacher account request has been sent.');
    expect(api.writes()[0]?.body).toEqual({
      school_name: 'Riverside High',
      phone: '555 010 2030',
      web_site: 'https://riverside.example.edu',
    });
  });

  it("shows the server's error list when the request is refused", async () => {
    profileApi(student, () => ({
      status: 400,
      body: {
        errors: [
          { field: 'school_name', messages: ['School name is required.'] },
          { field: 'phone', messages: ['Please enter a valid phone number.'] },
        ],
      },
    }));
    renderRequest();
    fireEvent.change(await screen.findByLabelText('School name'), { target: { value: 'Riverside High' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555 010 2030' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Your request could not be sent:');
    expect([...notice.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'School name is required.',
      'Please enter a valid phone number.',
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("sends an instructor to the profile with 'You're already an instructor.'", async () => {
    profileApi({ ...student, user_type: 2 }, () => ({ status: 500, body: {} }));
    const router = renderRequest();
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-profile');
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(["ErrorYou're already an instructor."]));
  });

  it('shows a pending request instead of the form', async () => {
    profileApi({ ...student, has_pending_teacher_account_request: true }, () => ({ status: 500, body: {} }));
    renderRequest();
    expect(await screen.findByText('Your request is waiting for review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Request' })).toBeNull();
  });
});
