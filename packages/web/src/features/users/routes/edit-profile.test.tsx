import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { clearNotifications } from '../../../lib/notifications.ts';
import type { Call } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { profileApi, student } from '../test-data.ts';
import { EditProfilePage } from './edit-profile.tsx';

const ok = (call: Call) => ({ status: 200, body: { data: { ...student, ...(call.body as object), current_password: undefined } } });

function renderEdit() {
  return renderRoutes(
    [
      { path: '/my-profile/edit', element: <EditProfilePage /> },
      { path: '/my-profile', element: <p>profile page</p> },
    ],
    '/my-profile/edit',
  ).router;
}

describe('/my-profile/edit', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    act(() => clearNotifications());
    await changeLanguage('en');
  });

  it('saves a changed name on blur, trimmed, and confirms quietly', async () => {
    const api = profileApi(student, ok);
    renderEdit();
    const first = await screen.findByLabelText('First name');
    fireEvent.change(first, { target: { value: '  Lili ' } });
    fireEvent.blur(first);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.writes()).toEqual([{ method: 'PUT', url: '/api/users', body: { first_name: 'Lili' } }]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks for the current password before changing the e-mail; Cancel restores the old address', async () => {
    const api = profileApi(student, ok);
    renderEdit();
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'lili@example.com' } });
    fireEvent.keyDown(email, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Please Enter Current Password to Change Email' });
    expect(dialog.textContent).toContain('lili@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(email.value).toBe('nadia@example.com'));
    expect(api.writes()).toEqual([]);
  });

  it('keeps the dialog open after a wrong password and saves with the right one', async () => {
    const api = profileApi(student, (call) => {
      const body = call.body as { current_password?: string };
      if (body.current_password !== 'Right1234') {
        return { status: 400, body: { errors: [{ field: 'current_password', messages: ['The current password is not correct.'] }] } };
      }
      return ok(call);
    });
    renderEdit();
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'lili@example.com' } });
    fireEvent.blur(email);
    const password = await screen.findByLabelText('Current password');
    fireEvent.change(password, { target: { value: 'Wrong1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    // The toast shows above the dialog (Radix hides everything outside the dialog from the accessibility tree).
    expect((await screen.findByRole('status', { hidden: true })).textContent).toContain('The current password is not correct.');
    expect(screen.getByRole('dialog').textContent).toContain('The current password is not correct.');

    fireEvent.change(password, { target: { value: 'Right1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(email.value).toBe('lili@example.com');
    expect(api.writes().at(-1)?.body).toEqual({ email: 'lili@example.com', current_password: 'Right1234' });
  });

  it('sends the time zone as an integer and saves checkboxes on change', async () => {
    const api = profileApi(student, ok);
    renderEdit();
    const zone = await screen.findByLabelText('Time zone');
    await screen.findByRole('option', { name: 'Asia/Seoul' });
    fireEvent.change(zone, { target: { value: '42' } });
    fireEvent.click(screen.getByLabelText('Send me marketing e-mails about new features and offers'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((w) => w.body)).toEqual([{ timezone: 42 }, { will_receive_marketing_emails: true }]);
  });

  it('switches the interface language at once when the language changes', async () => {
    const api = profileApi(student, ok);
    renderEdit();
    fireEvent.change(await screen.findByLabelText('E-mail language'), { target: { value: 'zh-hant' } });
    expect(await screen.findByRole('heading', { name: '編輯設定' })).toBeTruthy();
    expect(Cookies.get('locale')).toBe('zh-hant');
    await waitFor(() => expect(api.writes().map((w) => w.body)).toEqual([{ language: 'zh-hant' }]));
  });

  it('switches back when the server refuses the language', async () => {
    profileApi(student, () => ({
      status: 500,
      body: { errors: [{ code: 'internal', message: 'Something went wrong on our side. Please try again.' }] },
    }));
    renderEdit();
    fireEvent.change(await screen.findByLabelText('E-mail language'), { target: { value: 'ko' } });
    expect(await screen.findByRole('heading', { name: 'Edit Settings' })).toBeTruthy();
    await waitFor(() => expect(Cookies.get('locale')).toBe('en'));
  });
});
