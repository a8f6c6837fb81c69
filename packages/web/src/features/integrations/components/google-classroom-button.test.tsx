import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications } from '../../../lib/notifications.ts';
import { type Call, fail, fakeApi, ok, type Reply } from '../../../testing/fake-api.ts';
import { renderAt } from '../../../testing/render.tsx';
import { pendingExport, rememberPendingExport, startGoogleLink } from '../google-link.ts';
import { googleInfo, testAssignment, testDocument } from '../test-data.ts';
import { GoogleClassroomButton } from './google-classroom-button.tsx';

// The browser cannot leave the page in jsdom: the redirect to Google is observed instead.
vi.mock('../google-link.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../google-link.ts')>()),
  startGoogleLink: vi.fn(),
}));

const PAST_DUE = 'The assignment due date cannot be in the past.  Please set it to a time in the future.';

function api(info: Reply, submit: (call: Call) => Reply = () => ok({ coursework_id: 'cw-1', link: 'http://x/student/course/1' })) {
  return fakeApi((call) => {
    if (call.method === 'POST' && call.url === '/api/gcinfo') return info;
    if (call.method === 'POST' && call.url === '/api/gcsubmit') return submit(call);
    return undefined;
  });
}

const buttonsOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((b) => b.textContent);
const button = () => screen.findByRole('button', { name: 'Add Cadences in C major to Google Classroom' });

function renderButton(path = '/course/1/assignment/8', assignment = testAssignment()) {
  return renderAt(path, <GoogleClassroomButton assignment={assignment} document={testDocument()} />);
}

beforeEach(() => {
  vi.mocked(startGoogleLink).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  clearNotifications();
});

describe('the Google Classroom button and modal', () => {
  it('says only that the due date is past when the set is due within a minute, with Ok', async () => {
    const user = userEvent.setup();
    const calls = api(ok(googleInfo()));
    renderButton('/course/1/assignment/8', testAssignment({ due_at: Math.floor(Date.now() / 1000) + 30 }));
    await user.click(await button());
    const dialog = await screen.findByRole('dialog', { name: 'Google Classroom' });
    expect(dialog.textContent).toContain(PAST_DUE);
    expect(buttonsOf(dialog)).toEqual(['Ok']);
    // Only the rows' shared googleInfo was asked for, not a fresh one for this click.
    expect(calls.to('POST', '/api/gcinfo')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    [{ configured: false, linked: false, courses: [], error: 3 }, 'Google Classroom is not set up on this server.'],
    [{ courses: [], error: 1 }, 'There are no active Google Classroom courses available.'],
    [{ courses: [], error: 2 }, 'You do not have the correct permissions to access your Google Classroom information.'],
    [{ courses: [], error: 3 }, 'There was an error accessing your Google Classroom information.'],
  ])('explains googleInfo %o with the spec message', async (info, message) => {
    const user = userEvent.setup();
    api(ok(googleInfo(info)));
    renderButton();
    await user.click(await button());
    const dialog = await screen.findByRole('dialog', { name: 'Google Classroom' });
    expect(dialog.textContent).toContain(message);
    expect(buttonsOf(dialog)).toEqual(['Ok']);
  });

  it('gives the general message when googleInfo cannot be loaded', async () => {
    const user = userEvent.setup();
    api(fail(500, 'Something went wrong on our side. Please try again.'));
    renderButton();
    await user.click(await button());
    const dialog = await screen.findByRole('dialog', { name: 'Google Classroom' });
    expect(dialog.textContent).toContain('There was an error accessing your Google Classroom information.');
    // The failure is told once, in the modal, not as a toast too.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends the browser to link Google when the account is not linked', async () => {
    const user = userEvent.setup();
    api(ok(googleInfo({ linked: false, courses: [] })));
    renderButton();
    await user.click(await button());
    await waitFor(() => expect(startGoogleLink).toHaveBeenCalledWith(8, 31));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the document with the chosen course, title and description, then shows it as sent', async () => {
    const user = userEvent.setup();
    const calls = api(ok(googleInfo()));
    renderButton();
    await user.click(await button());
    const dialog = await screen.findByRole('dialog', { name: 'Add to Google Classroom' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Cadences in C major');

    // A course must be chosen.
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Choose a Google Classroom course.')).toBeTruthy();
    expect(calls.to('POST', '/api/gcsubmit')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Period 4 Music Theory'));
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Cadence drill');
    await user.type(within(dialog).getByLabelText('Description'), 'Due Friday.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect((await screen.findByRole('status')).textContent).toContain('"Cadence drill" was sent to Google Classroom.');
    expect(calls.to('POST', '/api/gcsubmit').map((c) => c.body)).toEqual([
      { course: '1002', doc: 31, title: 'Cadence drill', desc: 'Due Friday.', id: btoa('token-1') },
    ]);
    const sent = await screen.findByRole('button', { name: 'Cadences in C major: sent to Google Classroom' });
    expect(sent.hasAttribute('disabled')).toBe(true);
    expect(sent.textContent).toBe('Sent to Google Classroom');
  });

  it('reports a failed submission with the spec message and keeps the modal', async () => {
    const user = userEvent.setup();
    api(ok(googleInfo({ courses: [{ id: '1001', name: 'Period 1 Music Theory' }] })), () =>
      fail(502, 'There was an error submitting this assignment.'),
    );
    renderButton();
    await user.click(await button());
    const dialog = await screen.findByRole('dialog', { name: 'Add to Google Classroom' });
    // The only course is chosen already.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Period 1 Music Theory').checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // The toast sits behind the modal (hidden from the accessibility tree while the modal is open).
    expect((await screen.findByRole('status', { hidden: true })).textContent).toContain('There was an error submitting this assignment.');
    expect(screen.getByRole('dialog', { name: 'Add to Google Classroom' })).toBeTruthy();
  });

  it('turns the server’s past-due refusal into the past-due message', async () => {
    const user = userEvent.setup();
    api(ok(googleInfo()), () => ({ status: 400, body: { errors: [{ field: 'due_at', messages: [PAST_DUE] }] } }));
    renderButton();
    await user.click(await button());
    const dialog = await screen.findByRole('dialog', { name: 'Add to Google Classroom' });
    await user.click(within(dialog).getByLabelText('Period 1 Music Theory'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('dialog', { name: 'Google Classroom' })).textContent).toContain(PAST_DUE);
  });

  it('shows a document already sent as disabled', async () => {
    api(ok(googleInfo({ disabled: [31] })));
    renderButton();
    const sent = await screen.findByRole('button', { name: 'Cadences in C major: sent to Google Classroom' });
    expect(sent.hasAttribute('disabled')).toBe(true);
  });
});

describe('coming back from Google', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reopens the modal for the saved document with gc=1 and drops gc from the address', async () => {
    api(ok(googleInfo()));
    rememberPendingExport(8, 31);
    const { router } = renderButton('/course/1/assignment/8?gc=1&tab=docs');
    expect(await screen.findByRole('dialog', { name: 'Add to Google Classroom' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=docs');
    expect(pendingExport(8)).toBeNull();
  });

  it('says that access was refused with gc=0', async () => {
    api(ok(googleInfo()));
    rememberPendingExport(8, 31);
    const { router } = renderButton('/course/1/assignment/8?gc=0');
    expect((await screen.findByRole('status')).textContent).toContain('Google did not grant access to Google Classroom');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves a return meant for another document or set alone', async () => {
    api(ok(googleInfo()));
    rememberPendingExport(8, 99);
    rememberPendingExport(9, 31);
    const { router } = renderButton('/course/1/assignment/8?gc=1');
    await button();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?gc=1');
    expect(pendingExport(8)).toBe(99);
  });
});
