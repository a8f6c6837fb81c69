import type { StartedWorkspace } from '@app/contract/workspace';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderAt } from '../../../testing/render.tsx';
import { NOW, submission, workspace, workspaceApi } from '../test-workspace.ts';
import { ExerciseWorkspace } from './exercise-workspace.tsx';

const viewer = { id: 7, timeZone: 'UTC', language: 'en' as const };

function show(data: StartedWorkspace) {
  return renderAt(
    '/',
    <ExerciseWorkspace
      workspace={data}
      receivedAt={NOW * 1000}
      viewer={viewer}
      courseTitle="Music Theory I"
      assignmentsPath="/student/course/3/assignments"
      submissionPath={(id) => `/student/course/3/submission/${id}`}
    />,
  );
}

const field = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Chord ${n}` });
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the exercise workspace', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('names each field after its chord, describes its place, and moves on with Enter', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(workspace());
    const user = userEvent.setup();

    expect(description(field(2))).toBe('Measure 1, beat 2');
    await user.click(field(1));
    await user.keyboard('I{Enter}');
    expect(document.activeElement).toBe(field(2));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(field(1));
    expect(screen.getByText('Chord 1', { selector: 'strong' })).toBeTruthy();
  });

  it('says when a label is not one the grader reads, and still keeps it', async () => {
    const calls = workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(workspace());
    const user = userEvent.setup();

    await user.type(field(1), 'V8');
    await waitFor(() => expect(field(1).getAttribute('aria-invalid')).toBe('true'));
    expect(description(field(1))).toContain('Not a Roman numeral the grader can read');
    await user.clear(field(1));
    await user.type(field(1), 'V65');
    await waitFor(() => expect(field(1).getAttribute('aria-invalid')).toBeNull());
    // The malformed label went to the draft too: nothing typed is dropped.
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 3000 });
  });

  it('puts palette symbols at the caret of the field in use', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(workspace());
    const user = userEvent.setup();

    await user.type(field(2), 'vii7');
    field(2).setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Insert diminished sign °' }));
    await user.click(screen.getByRole('button', { name: 'Insert slash / (applied chord)' }));
    await waitFor(() => expect(field(2).value).toBe('vii°/7'));
  });

  /** The server's 409 when another copy saved since the base (decision 046). */
  const draftChanged = (data: unknown) => ({
    status: 409,
    body: {
      errors: [
        {
          code: 'conflict',
          message: 'These answers were changed in another window since this one loaded them. Both are kept: check them and save again.',
        },
      ],
      message_codes: [[{ code: 'workspace.draftChanged' }]],
      data,
    },
  });
  const entries = (...answers: string[]) => answers.map((answer, i) => ({ id: `m1b${i + 1}`, answer }));

  it('merges when another copy saved since it opened: that copy’s answers appear, its own stay, and it saves on the new base (QA Q13)', async () => {
    // This tab opened on revision 1 (chord 1 = I); another device then saved chord 2 = V as revision 2.
    const theirs = { answers: entries('I', 'V', ''), updated_at: NOW + 5, revision: 2 };
    let revision = 2;
    const calls = fakeApi((call) => {
      if (call.method === 'GET') return ok(workspace({ draft: theirs }));
      const body = call.body as { base: number; answers: unknown };
      if (body.base !== revision) return draftChanged(theirs);
      revision += 1;
      return ok({ answers: body.answers, updated_at: NOW + 10, revision });
    });
    show(workspace({ draft: { answers: entries('I', '', ''), updated_at: NOW, revision: 1 } }));
    const user = userEvent.setup();
    await user.type(field(3), 'I');
    await waitFor(() => expect(field(2).value).toBe('V'), { timeout: 4000 });
    expect(field(1).value).toBe('I');
    expect(field(3).value).toBe('I');
    expect(await screen.findByText('Answers saved in another window were added here. Check them before you hand in.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'), { timeout: 4000 });
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts).toEqual([
      { answers: entries('I', '', 'I'), base: 1 },
      { answers: entries('I', 'V', 'I'), base: 2 },
    ]);
  });

  it('hands in the merge, never the stale list, when another copy saved since (QA Q13)', async () => {
    const theirs = { answers: entries('I', 'I', ''), updated_at: NOW + 5, revision: 4 };
    const calls = fakeApi((call) => {
      if (call.method === 'GET') return ok(workspace({ draft: theirs }));
      if (call.method === 'PUT') return ok({ answers: [], updated_at: NOW + 9, revision: 9 });
      const body = call.body as { base: number };
      return body.base === 4 ? ok(submission({ id: 50 }), 201) : draftChanged(theirs);
    });
    show(workspace({ draft: { answers: entries('', '', 'V7'), updated_at: NOW, revision: 3 } }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your answers were submitted.')).toBeTruthy();
    // Nothing was typed here since revision 3: the other copy's answers are handed in, chord 3 included as it saved it.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { answers: entries('', '', 'V7'), base: 3 },
      { answers: entries('I', 'I', ''), base: 4 },
    ]);
    expect(field(1).value).toBe('I');
  });

  it('takes in at once what another tab of this browser typed, keeping its own changes (storage event)', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW + 1, revision: 1 } }));
    show(workspace());
    const user = userEvent.setup();
    await user.type(field(3), 'V');
    const other = JSON.stringify({
      answers: entries('I', 'ii', ''),
      edited_at: NOW + 2,
      synced: false,
      base: 0,
      changed: ['m1b1', 'm1b2'],
    });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'workspace-draft:7:1', newValue: other }));
    });
    await waitFor(() => expect(field(1).value).toBe('I'));
    expect(field(2).value).toBe('ii');
    expect(field(3).value).toBe('V');
    // Another document's key is not this one's.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'workspace-draft:7:2', newValue: other.replace('"ii"', '"IV"') }));
    });
    expect(field(2).value).toBe('ii');
  });

  it('saves a draft shortly after typing and says so', async () => {
    const calls = workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW + 1 } }));
    show(workspace());
    const user = userEvent.setup();

    await user.type(field(3), 'I');
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'), { timeout: 3000 });
    const put = calls.filter((c: Call) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]?.url).toBe('/api/documents/1/draft');
    expect(put[0]?.body).toEqual({
      answers: [
        { id: 'm1b1', answer: '' },
        { id: 'm1b2', answer: '' },
        { id: 'm1b3', answer: 'I' },
      ],
      base: 0,
    });
  });

  it('keeps answers typed offline and sends them when the connection returns', async () => {
    let online = false;
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    const answer = vi.mocked(fetch).getMockImplementation();
    // No connection: fetch itself fails, as it does in a browser that is offline.
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return (answer as typeof fetch)(url, init);
    });
    show(workspace());
    const user = userEvent.setup();

    await user.type(field(1), 'IV');
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Offline: will retry'), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem('workspace-draft:7:1') ?? '{}').answers[0]).toEqual({ id: 'm1b1', answer: 'IV' });
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'));
    expect(JSON.parse(localStorage.getItem('workspace-draft:7:1') ?? '{}').synced).toBe(true);
  });

  it('starts from a newer local copy than the server draft, and sends it', async () => {
    localStorage.setItem(
      'workspace-draft:7:1',
      JSON.stringify({ answers: [{ id: 'm1b1', answer: 'vi' }], edited_at: NOW + 30, synced: false }),
    );
    const calls = workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW + 40 } }));
    show(workspace({ draft: { answers: [{ id: 'm1b1', answer: 'ii' }], updated_at: NOW + 10, revision: 1 } }));
    expect(field(1).value).toBe('vi');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 3000 });
  });

  it('asks before handing in empty chords, then shows the result', async () => {
    const calls = workspaceApi((call) =>
      call.method === 'POST' ? { status: 201, data: submission() } : { status: 200, data: { answers: [], updated_at: NOW } },
    );
    show(workspace());
    const user = userEvent.setup();

    await user.type(field(1), 'I');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit with empty chords?' });
    expect(dialog.textContent).toContain('Chords without an answer: 2 of 3.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/documents/1/submissions');
    expect(post?.body).toEqual({
      answers: [
        { id: 'm1b1', answer: 'I' },
        { id: 'm1b2', answer: '' },
        { id: 'm1b3', answer: '' },
      ],
      base: 0,
    });
    expect(await screen.findByText('Your answers were submitted.')).toBeTruthy();
  });

  it('asks once before a complete hand-in of a one-submission exercise; a complete one with more tries is sent at once (issue 38)', async () => {
    const calls = workspaceApi((call) =>
      call.method === 'POST' ? { status: 201, data: submission() } : { status: 200, data: { answers: [], updated_at: NOW } },
    );
    const complete = { answers: ['I', 'IV', 'V'].map((answer, i) => ({ id: `m1b${i + 1}`, answer })), updated_at: NOW, revision: 1 };
    const { unmount } = show(workspace({ rules: { multiple_submissions: false }, draft: complete }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
    expect(dialog.textContent).toContain('This exercise takes one submission: you cannot change your answers after it.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    unmount();
    // Partial and one try: one dialog that says both.
    show(workspace({ rules: { multiple_submissions: false } }));
    await user.type(field(1), 'I');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const partial = await screen.findByRole('dialog', { name: 'Submit with empty chords?' });
    expect(partial.textContent).toContain('Chords without an answer: 2 of 3.');
    expect(partial.textContent).toContain('This exercise takes one submission');
  });

  it('hands in a complete exercise with more tries without asking', async () => {
    const calls = workspaceApi((call) =>
      call.method === 'POST' ? { status: 201, data: submission() } : { status: 200, data: { answers: [], updated_at: NOW } },
    );
    const complete = { answers: ['I', 'IV', 'V'].map((answer, i) => ({ id: `m1b${i + 1}`, answer })), updated_at: NOW, revision: 1 };
    show(workspace({ draft: complete }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the score, the delayed-grade date, and right or wrong per chord of practice', () => {
    workspaceApi(() => ({ status: 200, data: {} }));
    const practice = submission({
      practice: true,
      items: [
        { id: 'm1b1', answer: 'I', correct: true, expected: null },
        { id: 'm1b2', answer: 'V', correct: false, expected: 'IV' },
        { id: 'm1b3', answer: '', correct: false, expected: null },
      ],
    });
    const { unmount } = show(
      workspace({
        rules: { practice: true },
        draft: { answers: practice.items.map(({ id, answer }) => ({ id, answer })), updated_at: NOW, revision: 1 },
        submissions: [practice],
      }),
    );
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.getByText('66.7%')).toBeTruthy();
    expect(screen.getByText('1 of 3 chords correct')).toBeTruthy();
    expect(description(field(1))).toContain('Correct');
    expect(description(field(2))).toContain('Wrong. Expected: IV');
    unmount();

    show(
      workspace({
        rules: { show_grade_on_date: NOW + 86400 * 3 },
        submissions: [submission({ grade_hidden: true, points: null, percent: null, grade: null })],
      }),
    );
    expect(screen.getByText(/^Grade will be shown on 2031-09-13/)).toBeTruthy();
  });

  it('hands in by itself when the time runs out, after warning at one minute', async () => {
    const calls = workspaceApi((call) =>
      call.method === 'POST' ? { status: 201, data: submission() } : { status: 200, data: { answers: [], updated_at: NOW } },
    );
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW * 1000 });
    show(workspace({ rules: { timed_seconds: 600, deadline_at: NOW + 61 } }));
    expect(screen.getByTestId('time-left').textContent).toContain('1:01');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('time-left').textContent).toContain('0:59');
    expect(screen.getAllByText('One minute left. Your answers are submitted when the time runs out.').length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    vi.useRealTimers();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText('Time is up. Your answers were submitted.')).toBeTruthy();
  });

  it('takes no work when the server would refuse it, and says why', () => {
    workspaceApi(() => ({ status: 200, data: {} }));
    show(workspace({ rules: { can_submit: false, refusal: 'The due date has passed; only practice documents accept work now.' } }));
    expect(screen.getByText('The due date has passed; only practice documents accept work now.')).toBeTruthy();
    expect(field(1).hasAttribute('readonly')).toBe(true);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('group', { name: 'Symbols' })).toBeNull();
  });
});
