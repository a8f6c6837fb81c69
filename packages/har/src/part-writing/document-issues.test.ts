import { describe, expect, it } from 'vitest';
import { HarError } from '../har-error.ts';
import { partWritingExercise, partWritingExerciseIssues } from './document.ts';

const exercise = {
  key: 'C major',
  meter: '4/4',
  given: ['B' as const],
  write: ['S' as const, 'A' as const, 'T' as const],
  chords: [{ B: 'C3' }, { B: 'F3' }, { B: 'G3' }, { B: 'C3' }],
  points: 10,
};

/** The document's check reports every issue at its field (Create Exercise shows each there), not only the first. */
describe('partWritingExerciseIssues', () => {
  it('is empty for an exercise partWritingExercise writes', () => {
    expect(partWritingExerciseIssues(exercise, { chords: exercise.chords.map(() => ({ S: 'C5', A: 'E4', T: 'G3' })) })).toEqual([]);
  });

  it('names the voice, length, numeral or figures of each chord, and the model chord', () => {
    const issues = partWritingExerciseIssues(
      {
        ...exercise,
        chords: [
          { B: '' },
          { B: 'H2' },
          { B: 'C3', figures: '7bb' },
          { B: 'C10', beats: 5 },
          { B: 'C3', S: 'C5' },
          { B: 'C3', numeral: 'IX' },
        ],
      },
      { chords: [{ S: 'C5', A: 'E4' }] },
    );
    expect(issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining([
        'chords.0.B',
        'chords.1.B',
        'chords.2.figures',
        'chords.3.B',
        'chords.3.beats',
        'chords.4.S',
        'chords.5.numeral',
        'model',
      ]),
    );
    expect(issues.find((i) => i.path.join('.') === 'chords.3.B')?.message).toBe('has a note outside the MIDI range (C-1 to G9)');
  });

  it('names a model chord’s voice that is given or missing', () => {
    const model = { chords: exercise.chords.map(() => ({ S: 'C5', A: 'E4', T: 'G3' })) };
    model.chords[1] = { S: 'C5', A: 'E4', T: 'G3', B: 'C3' } as never;
    model.chords[2] = { S: 'C5', A: 'E4' } as never;
    expect(partWritingExerciseIssues(exercise, model)).toEqual([
      { path: ['model', 'chords', 1, 'B'], message: 'has a note for B, which is given' },
      { path: ['model', 'chords', 2, 'T'], message: 'has no note for T' },
    ]);
  });

  it('keeps the HarError of partWritingExercise: the first issue, in the entry’s words', () => {
    expect(() => partWritingExercise('x', { ...exercise, chords: [{ B: 'C10' }] })).toThrow(
      new HarError('part-writing.json: chord 1 has a note outside the MIDI range (C-1 to G9).'),
    );
  });
});
