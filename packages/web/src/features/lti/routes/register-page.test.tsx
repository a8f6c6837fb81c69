import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { CLOSE_MESSAGE, RegisterPage } from './register-page.tsx';

const CONFIG = 'https://lms.example.edu/.well-known/openid-configuration';
const query = `openid_configuration=${encodeURIComponent(CONFIG)}&registration_token=tok-1`;
const previewUrl = `/api/lti/registrations/key-1?${new URLSearchParams({ openid_configuration: CONFIG, registration_token: 'tok-1' })}`;

function renderPage(path = `/lti/register/key-1?${query}`) {
  renderRoutes([{ path: '/lti/register/:key', element: <RegisterPage /> }], path);
}

describe('/lti/register/{key}', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the LMS, registers on the one confirmation, and tells the LMS to close', async () => {
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    const calls = fakeApi(
      (call) => {
        if (call.method === 'GET' && call.url === previewUrl)
          return ok({ issuer: 'https://lms.example.edu', product: 'moodle', registered_already: false });
        if (call.method === 'POST' && call.url === '/api/lti/registrations/key-1')
          return ok({ platform_id: 4, issuer: 'https://lms.example.edu', client_id: 'c-9', deployment_id: 'd-1' }, 201);
        return undefined;
      },
      { signedIn: false },
    );
    renderPage();
    expect(await screen.findByText('Register Harmony Dashboard as an LTI 1.3 tool with https://lms.example.edu?')).toBeTruthy();
    expect(screen.getByText('LMS product: moodle')).toBeTruthy();
    expect(posted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Harmony Dashboard is registered with https://lms.example.edu.')).toBeTruthy();
    expect(screen.getByText('Client id c-9, deployment id d-1.')).toBeTruthy();
    expect(calls.to('POST', '/api/lti/registrations/key-1').map((c) => c.body)).toEqual([
      { openid_configuration: CONFIG, registration_token: 'tok-1' },
    ]);
    // In a test the page is its own parent: the close message goes there, to any origin.
    await waitFor(() => expect(posted).toHaveBeenCalledWith(CLOSE_MESSAGE, '*'));
  });

  it('says so when the link is spent, the configuration refused, or the address lacks it', async () => {
    fakeApi((call) => (call.method === 'GET' ? fail(404, 'gone', 'not_found') : undefined), { signedIn: false });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('This registration link has expired or was already used.');
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    fakeApi(
      (call) =>
        call.method === 'GET'
          ? { status: 400, body: { errors: [{ field: 'openid_configuration', messages: ['The issuer does not match.'] }] } }
          : undefined,
      { signedIn: false },
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Your LMS's configuration was refused:");
    expect(alert.textContent).toContain('The issuer does not match.');
    document.body.innerHTML = '';
    renderPage('/lti/register/key-1');
    expect((await screen.findByRole('alert')).textContent).toContain('the address lacks the LMS');
  });
});
