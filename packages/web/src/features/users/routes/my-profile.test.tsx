import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render.tsx';
import { profileApi, student } from '../test-data.ts';
import { MyProfilePage } from './my-profile.tsx';

function renderProfile() {
  return renderRoutes(
    [
      { path: '/my-profile', element: <MyProfilePage /> },
      { path: '/my-profile/edit', element: <p>edit page</p> },
      { path: '/request-teacher-account', element: <p>request page</p> },
    ],
    '/my-profile',
  ).router;
}

describe('/my-profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers a student Edit Settings, Change Password and Request Teacher Account', async () => {
    profileApi(student, () => ({ status: 500, body: {} }));
    const router = renderProfile();
    expect(await screen.findByText('nadia@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request Teacher Account' }));
    expect(await screen.findByText('request page')).toBeTruthy();
    await router.navigate('/my-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Settings' }));
    expect(await screen.findByText('edit page')).toBeTruthy();
  });

  it('shows the disabled pending button while a request waits', async () => {
    profileApi({ ...student, has_pending_teacher_account_request: true }, () => ({ status: 500, body: {} }));
    renderProfile();
    const pending = (await screen.findByRole('button', { name: 'Teacher Account Request Pending' })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Request Teacher Account' })).toBeNull();
  });

  it('offers an instructor no teacher request', async () => {
    profileApi({ ...student, user_type: 2 }, () => ({ status: 500, body: {} }));
    renderProfile();
    expect(await screen.findByText('Instructor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Teacher Account/ })).toBeNull();
  });
});
