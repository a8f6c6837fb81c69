import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AnswerField } from '../../lib/answer-fields.ts';
import { ScoreWithFields, type ScoreWithFieldsProps } from './score-with-fields.tsx';

// jsdom has no Web Audio: a synth that records what it is asked to play, on a clock the test moves.
const fake = vi.hoisted(() => ({ clock: 0, played: [] as { pitches: number[]; tempo: number }[], stopped: 0 }));
vi.mock('../../lib/synth.ts', () => ({
  canPlay: () => true,
  createSynth: () => ({
    resume: async () => undefined,
    play: (notes: { pitch: number }[], tempo: number) => {
      fake.played.push({ pitches: notes.map((note) => note.pitch), tempo });
      return fake.clock;
    },
    now: () => fake.clock,
    stop: () => {
      fake.stopped += 1;
    },
  }),
}));

const score: ScoreWithFieldsProps['score'] = {
  svg: '<svg viewBox="0 0 100 20"><g class="note" id="n1"></g><g class="note" id="n2"></g><g class="note" id="n3"></g><g class="note" id="n4"></g></svg>',
  width: 100,
  height: 20,
  tempo: 80,
  notes: [
    { onset: 0, duration: 1, pitch: 60, note_id: 'n1' },
    { onset: 0, duration: 1, pitch: 64, note_id: 'n2' },
    { onset: 1, duration: 1, pitch: 62, note_id: 'n3' },
    { onset: 1, duration: 1, pitch: 67, note_id: 'n4' },
  ],
};
const positions = [
  { id: 'a', number: 1, x: 0.25, onset: 0, note_ids: ['n1', 'n2'], suggestion: 'I' },
  { id: 'b', number: 2, x: 0.75, onset: 1, note_ids: ['n3', 'n4'], suggestion: 'V' },
];

function Harness({ openingKey, third = false }: { openingKey?: string; third?: boolean }) {
  const [fields, setFields] = useState<Record<string, AnswerField>>({
    a: { answers: 'I', points: '1', skipped: false, touched: false },
    b: { answers: 'V', points: '1', skipped: false, touched: false },
    ...(third ? { c: { answers: 'I', points: '1', skipped: false, touched: false } } : {}),
  });
  return (
    <ScoreWithFields
      title="Chorale"
      score={score}
      positions={third ? [...positions, { id: 'c', number: 3, x: 0.9, onset: 2, note_ids: [], suggestion: 'I' }] : positions}
      fields={fields}
      showProblems={false}
      openingKey={openingKey}
      // As the dialogs do: an edited field is touched.
      onChange={(id, patch) => setFields((current) => ({ ...current, [id]: { ...(current[id] as AnswerField), ...patch, touched: true } }))}
    />
  );
}

describe('ScoreWithFields playback (shared with the workspace)', () => {
  it('plays the whole score at the chosen tempo, marks the sounding chord, and stops', async () => {
    fake.played = [];
    render(<Harness />);
    fireEvent.change(screen.getByRole('spinbutton', { name: /tempo/i }), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(fake.played).toEqual([{ pitches: [60, 64, 62, 67], tempo: 120 }]));
    // Half a second at 120 = one quarter: the second chord sounds.
    fake.clock = 0.6;
    await waitFor(() => expect(document.getElementById('n3')?.getAttribute('class')).toMatch(/soundingNote/));
    expect(document.getElementById('n1')?.getAttribute('class')).not.toMatch(/soundingNote/);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(document.getElementById('n3')?.getAttribute('class')).not.toMatch(/soundingNote/);
    fake.clock = 0;
  });

  it('a click on a note plays its chord; the toolbar then offers that chord from the keyboard', async () => {
    fake.played = [];
    render(<Harness />);
    const note = document.getElementById('n4') as Element;
    fireEvent.click(note);
    await waitFor(() => expect(fake.played).toEqual([{ pitches: [62, 67], tempo: 80 }]));
    fireEvent.click(screen.getByRole('button', { name: 'Play chord 2' }));
    await waitFor(() => expect(fake.played).toHaveLength(2));
    fireEvent.focus(screen.getByRole('textbox', { name: 'Answer for chord 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play chord 1' }));
    await waitFor(() => expect(fake.played.at(-1)).toEqual({ pitches: [60, 64], tempo: 80 }));
  });
});

const answer = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Answer for chord ${n}` });
/** What a field's description says (its position, the key in force, a problem). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('ScoreWithFields: the key in force and the palette (decision 031)', () => {
  it('names the opening key at the first chord, follows a key change typed in a main answer, and shows a pivot’s two keys', async () => {
    render(<Harness openingKey="A" third />);
    expect(description(answer(1))).toContain('Key: A major');
    expect(description(answer(3))).toContain('Key: A major');
    // Under the chords only where the key changes: the opening key at the first.
    expect(screen.getByText('A:')).toBeTruthy();
    expect(document.querySelectorAll('[data-key="A"]')).toHaveLength(3);

    fireEvent.change(answer(2), { target: { value: 'E: V' } });
    await waitFor(() => expect(description(answer(3))).toContain('Key: E major'));
    expect(description(answer(2))).toContain('Key: E major');
    expect(description(answer(1))).toContain('Key: A major');
    expect(screen.getByText('E:')).toBeTruthy();
    // Chord 3 is read in E too, but the key does not change there: no tag.
    expect(document.querySelector('[data-key="E"]:not(:has(span[aria-hidden]))')).not.toBeNull();
    expect(screen.getAllByText(/^[A-Ga-g][#b]?(→[A-Ga-g][#b]?)?:$/)).toHaveLength(2);

    // An alternative names a key but changes nothing: only the first answer moves the key.
    fireEvent.change(answer(2), { target: { value: 'V/V, E: V' } });
    await waitFor(() => expect(description(answer(3))).toContain('Key: A major'));

    // A pivot: both keys under its chord, and the new key after it.
    fireEvent.change(answer(2), { target: { value: 'V = E: I' } });
    await waitFor(() => expect(screen.getByText('A→E:')).toBeTruthy());
    expect(description(answer(2))).toContain('Pivot chord: A major = E major. Key: E major');
    expect(description(answer(3))).toContain('Key: E major');
  });

  it('shows no key for a one-key exercise until an answer names one; an empty or wrong opening key is no key', async () => {
    const { unmount } = render(<Harness openingKey="" />);
    expect(description(answer(1))).not.toContain('Key:');
    fireEvent.change(answer(2), { target: { value: 'g: i' } });
    await waitFor(() => expect(description(answer(2))).toContain('Key: G minor'));
    expect(description(answer(1))).not.toContain('Key:');
    unmount();
    render(<Harness openingKey="H" />);
    expect(description(answer(1))).not.toContain('Key:');
  });

  it('the palette puts the key’s colon and the pivot’s sign at the caret of the answer last used; a mistyped key change is named as typed', async () => {
    render(<Harness openingKey="A" />);
    const field = answer(2);
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'E' } });
    field.setSelectionRange(1, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Insert colon : (key change, E: V)' }));
    expect(field.value).toBe('E: ');
    fireEvent.change(field, { target: { value: 'E: V' } });
    field.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Insert equals sign = (pivot chord, I = E: IV)' }));
    expect(field.value).toBe(' = E: V');
    // Not a label the grader reads: said once the author pauses, before any save.
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'), { timeout: 2000 });
    expect(description(field)).toContain('Not a Roman numeral.');
    fireEvent.change(field, { target: { value: 'I = E: V' } });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBeNull(), { timeout: 2000 });
  });
});
