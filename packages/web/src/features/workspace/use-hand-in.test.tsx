import { SubmissionMessages } from '@app/contract/submissions';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render.tsx';
import { NOW, submission, workspaceApi } from './test-workspace.ts';
import { useHandIn } from './use-hand-in.ts';

let setOutOfTime: (value: boolean) => void = () => {};
const handedIn: [number, boolean][] = [];

function HandIn({ announcesTimeUp }: { announcesTimeUp?: boolean }) {
  const [outOfTime, set] = useState(false);
  setOutOfTime = set;
  const { handIn, pending } = useHandIn({
    documentId: 4,
    answers: () => [{ id: 'm1b1', answer: 'V' }],
    outOfTime,
    autoSubmit: true,
    announcesTimeUp,
    onSubmitted: (result, auto) => handedIn.push([result.id, auto]),
  });
  return (
    <button type="button" onClick={() => handIn()} disabled={pending}>
      Hand in
    </button>
  );
}

describe('useHandIn (issue 27: one hand-in for analysis and part writing)', () => {
  it('hands in the answers, says so, and hands in once by itself when the time runs out', async () => {
    handedIn.length = 0;
    const calls = workspaceApi((call) =>
      call.method === 'POST' ? { status: 201, data: submission({ id: 9 }) } : { status: 200, data: { answers: [], updated_at: NOW } },
    );
    renderAt('/', <HandIn />);
    act(() => screen.getByRole('button', { name: 'Hand in' }).click());
    expect(await screen.findByText('Your answers were submitted.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/documents/4/submissions', { answers: [{ id: 'm1b1', answer: 'V' }] }],
    ]);
    act(() => setOutOfTime(true));
    await waitFor(() =>
      expect(handedIn).toEqual([
        [9, false],
        [9, true],
      ]),
    );
    act(() => setOutOfTime(false));
    act(() => setOutOfTime(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('says why the server refused (409), in the screen’s words', async () => {
    handedIn.length = 0;
    workspaceApi((call) =>
      call.method === 'POST'
        ? { status: 409, message: SubmissionMessages.pastDue }
        : { status: 200, data: { answers: [], updated_at: NOW } },
    );
    renderAt('/', <HandIn announcesTimeUp />);
    act(() => screen.getByRole('button', { name: 'Hand in' }).click());
    expect(await screen.findByText(/due date has passed/i)).toBeTruthy();
    expect(handedIn).toEqual([]);
  });
});
