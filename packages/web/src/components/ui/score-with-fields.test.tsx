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

function Harness() {
  const [fields, setFields] = useState<Record<string, AnswerField>>({
    a: { answers: 'I', points: '1', skipped: false, touched: false },
    b: { answers: 'V', points: '1', skipped: false, touched: false },
  });
  return (
    <ScoreWithFields
      title="Chorale"
      score={score}
      positions={positions}
      fields={fields}
      showProblems={false}
      onChange={(id, patch) => setFields((current) => ({ ...current, [id]: { ...(current[id] as AnswerField), ...patch } }))}
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
