import type { PartWritingWorkspace as View } from '@app/contract/part-writing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../testing/render.tsx';
import { NOW, submission, workspace, workspaceApi } from '../test-workspace.ts';
import { PartWritingWorkspace } from './part-writing-workspace.tsx';

const viewer = { id: 7, timeZone: 'UTC', language: 'en' as const };
const rules = Object.fromEntries(
  [
    'range',
    'spacing',
    'crossing',
    'overlap',
    'parallel-fifths',
    'parallel-octaves',
    'contrary-fifths-octaves',
    'direct-fifths-octaves',
    'doubled-leading-tone',
    'leading-tone-resolution',
    'seventh-resolution',
    'seventh-preparation',
    'augmented-melodic-interval',
    'leap-too-large',
    'missing-third',
    'wrong-chord',
    'wrong-bass',
    'cadential-64-doubling',
    'unresolved-64',
    'doubled-seventh',
  ].map((rule) => [rule, { on: rule !== 'seventh-preparation', points: 2 }]),
) as View['rules'];
const view: View = {
  key: 'C major',
  meter: '4/4',
  style: 'free',
  given: ['B'],
  write: ['S', 'A', 'T'],
  chords: ['C3', 'F3', 'G3', 'C3'].map((B, i) => ({ id: `chord-${i + 1}`, figures: '', beats: 1, B })),
  rules,
  points: 20,
};

function show(practice: boolean, submissions: ReturnType<typeof submission>[] = []) {
  const data = { ...workspace({ rules: { practice } }), score: null, items: [], part_writing: view, submissions };
  return renderAt(
    '/',
    <PartWritingWorkspace
      workspace={data}
      receivedAt={NOW * 1000}
      viewer={viewer}
      courseTitle="Music Theory I"
      assignmentsPath="/student/course/3/assignments"
      submissionPath={(id) => `/student/course/3/submission/${id}`}
    />,
  );
}

const cell = (chord: number, voice: string) =>
  document.querySelector<HTMLButtonElement>(`[data-cell="${chord}${voice}"]`) as HTMLButtonElement;

describe('the part-writing workspace', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('takes notes by keyboard, Tab by Tab, and marks a parallel fifth at once in practice', async () => {
    const calls = workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(true);
    const user = userEvent.setup();
    cell(1, 'S').focus();
    await user.keyboard('g{Tab}e{Tab}c{Tab}c{Tab}f{Tab}a');
    expect(cell(1, 'S').textContent).toBe('G4');
    expect(cell(2, 'T').textContent).toBe('A3');
    expect(cell(2, 'T').getAttribute('aria-label')).toBe('Chord 2, Tenor: A3');
    expect(screen.getByTestId('part-writing-findings').textContent).toContain(
      'Chords 1–2 (m. 1, beats 1–2): parallel fifths between the soprano and the bass.',
    );
    expect(cell(1, 'S').dataset.marked).toBe('true');
    // A flat right after a letter; an octave by arrow; a digit.
    cell(1, 'S').focus();
    await user.keyboard('cb');
    expect(cell(1, 'S').textContent).toBe('Cb5');
    await user.keyboard('n{ArrowDown}');
    expect(cell(1, 'S').textContent).toBe('C4');
    // A digit right after a letter is its octave (otherwise a digit picks a note value).
    await user.keyboard('c5');
    expect(cell(1, 'S').textContent).toBe('C5');
    expect(screen.getByTestId('part-writing-findings').textContent).toContain('No errors found so far.');
    // The autosave sends the chords as answers, the voices to write in S A T order.
    const saved = () =>
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { answers: { id: string; answer: string }[] }).answers[0]?.answer);
    await waitFor(() => expect(saved()).toContain('C5 E4 C4'), { timeout: 5000 });
  }, 20_000);

  it('writes rhythm by keyboard: an eighth picked splits the note, a dot, a tie into the next chord, undo; the staff draws it', async () => {
    const calls = workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(true);
    const user = userEvent.setup();
    cell(1, 'A').focus();
    // 4 = an eighth (MuseScore's digits); two letters are two eighths; the third goes on into chord 2.
    await user.keyboard('4ed');
    expect(cell(1, 'A').textContent).toBe('E4 D4');
    await user.keyboard('c');
    expect(cell(2, 'A').textContent).toBe('C4');
    expect(document.activeElement).toBe(cell(2, 'A'));
    // A dotted eighth and a sixteenth: 4 . letter, 3 letter.
    cell(3, 'T').focus();
    await user.keyboard('4.g3d');
    expect(cell(3, 'T').textContent).toBe('G3 D3');
    // Bb typed is B♭ whatever the key; T ties the note to the next chord's, which takes its pitch.
    cell(4, 'S').focus();
    await user.keyboard('7bb4');
    expect(cell(4, 'S').textContent).toBe('Bb4');
    cell(3, 'S').focus();
    await user.keyboard('5g');
    await user.keyboard('t');
    expect(cell(3, 'S').textContent).toBe('G4‿');
    expect(cell(4, 'S').textContent).toBe('G4');
    // Undo takes the tie back.
    await user.keyboard('{Control>}z{/Control}');
    expect(cell(3, 'S').textContent).toBe('G4');
    expect(cell(4, 'S').textContent).toBe('Bb4');
    // The staff: the alto's eighths beamed, the tenor's dotted eighth with its dot, sixteenth beamed with it.
    const alto = [...document.querySelectorAll('[data-note="1A"]')].map((g) => g.getAttribute('data-beats'));
    expect(alto).toEqual(['0.5', '0.5']);
    expect(document.querySelector('[data-beam="A"]')).toBeTruthy();
    expect(document.querySelector('[data-beam="T"]')).toBeTruthy();
    const dotted = document.querySelector('[data-note="3T"][data-beats="0.75"]');
    expect(dotted?.querySelectorAll('circle')).toHaveLength(1);
    // Backspace on the second eighth gives its time back to the first.
    cell(1, 'A').focus();
    await user.keyboard('{ArrowRight}{Backspace}');
    expect(cell(1, 'A').textContent).toBe('E4');
    // A line short of its chord (one eighth of a quarter) leaves the chord unfinished.
    expect(screen.getByText(/of 4 chords written/).textContent).toBe('0 of 4 chords written');
    cell(1, 'S').focus();
    await user.keyboard('5g');
    cell(1, 'T').focus();
    await user.keyboard('4c');
    expect(cell(1, 'T').textContent).toBe('C4');
    expect(screen.getByText(/of 4 chords written/).textContent).toBe('0 of 4 chords written');
    await user.keyboard('{ArrowRight}B');
    expect(cell(1, 'T').textContent).toBe('C4 B3');
    expect(screen.getByText(/of 4 chords written/).textContent).toBe('1 of 4 chords written');
    const saved = () =>
      calls
        .filter((c) => c.method === 'PUT')
        .flatMap((c) => (c.body as { answers: { id: string; answer: string }[] }).answers.map((a) => a.answer));
    await waitFor(() => expect(saved()).toContain('G4 - G3:8.+D3:16'), { timeout: 5000 });
  }, 20_000);

  it('takes notes by pointer and as text; a graded document waits for the hand-in to say anything', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(false);
    const user = userEvent.setup();
    await user.click(cell(3, 'S'));
    await user.click(screen.getByRole('button', { name: 'Note C' }));
    await user.click(screen.getByRole('button', { name: 'Step down' }));
    expect(cell(3, 'S').textContent).toBe('B4');
    await user.click(screen.getByText('Type chords as text (S A T)'));
    const text = screen.getByLabelText('Chord 1 (B C3)');
    await user.clear(text);
    await user.type(text, 'G4 C4 E3 C3{Enter}');
    expect(cell(1, 'T').textContent).toBe('E3');
    await user.clear(text);
    await user.type(text, 'G4 C4{Enter}');
    expect(screen.getByText('Write one note for each of S A T, "-" for one not written yet.')).toBeTruthy();
    expect(screen.getByTestId('part-writing-findings').textContent).toContain('Feedback comes after you hand in.');
  }, 20_000);

  it('after a formal hand-in whose findings are not shown yet, says what they cost and when they show (issue 35)', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    const due = Date.UTC(2031, 8, 17, 14, 0) / 1000;
    const handedIn = submission({
      points: 15,
      max_points: 20,
      findings: [],
      points_off: { findings: 2, finding_points: 5, unfinished: 0, unfinished_points: 0 },
      findings_shown_at: due,
    });
    show(false, [handedIn]);
    await waitFor(() => expect(screen.getByTestId('part-writing-findings').textContent).toContain('2 findings cost 5 points.'));
    expect(screen.getByTestId('part-writing-findings').textContent).toMatch(
      /The details are shown after 2031-09-17.*, with the correct answers\./,
    );
  }, 20_000);
});
