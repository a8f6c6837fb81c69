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
          { B: 'C10', beats: 0.3 },
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

/** Issue 35: a voice's text is a line (notes and rests with their values) that fills its chord. */
describe('part-writing.json with rhythm', () => {
  const rhythmic = {
    ...exercise,
    given: ['S' as const, 'B' as const],
    write: ['A' as const, 'T' as const],
    chords: [
      { S: 'E5:8.+D5:16', B: 'C3', beats: 1 },
      { S: 'C5:4~', B: 'r:8+G2:8', beats: 1, phrase_end: true },
      { S: 'C5:8+B4:8', B: 'G2', beats: 1, meter: '3/4' },
      { S: 'r', B: 'C3:16~+C3:16+r:16', beats: 0.75 },
    ],
  };

  it('reads line texts, any length in sixteenths, phrase ends and metre changes, and model lines', () => {
    const model = { chords: rhythmic.chords.map((c) => ({ A: 'G4', T: c.beats === 1 ? 'E4:8+D4:8' : 'E4' })) };
    expect(partWritingExerciseIssues(rhythmic, model)).toEqual([]);
    const doc = partWritingExercise('Rhythm', rhythmic, model);
    expect(doc.exercise.chords[1]).toMatchObject({ phrase_end: true });
    expect(doc.exercise.chords[2]).toMatchObject({ meter: '3/4' });
    expect(doc.model?.chords[0]).toEqual({ A: 'G4', T: 'E4:8+D4:8' });
  });

  it('names a line that does not fill its chord, a tie between pitches, a bad event and a length that is no sixteenth', () => {
    const issues = partWritingExerciseIssues(
      {
        ...rhythmic,
        chords: [
          { S: 'E5:8', B: 'C3', beats: 1 },
          { S: 'C5:8~+D5:8', B: 'G2', beats: 1 },
          { S: 'C5:3', B: 'G2', beats: 1 },
          { S: 'C5', B: 'G2', beats: 0.3 },
        ],
      },
      {
        chords: [
          { A: 'G4:2', T: 'E4' },
          { A: 'G4', T: 'E4' },
          { A: 'G4', T: 'E4' },
          { A: 'G4', T: 'E4' },
        ],
      },
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['chords', 0, 'S'], message: 'has notes lasting 0.5 beats in a chord of 1' },
        { path: ['chords', 1, 'S'], message: 'has a tie between different pitches (C5:8~)' },
        { path: ['chords', 2, 'S'], message: 'has "C5:3", which is not a note or rest with its value such as D5:8 or r:4' },
        { path: ['chords', 3, 'beats'], message: 'has beats that are not a positive number of sixteenths of a quarter note' },
        { path: ['model', 'chords', 0, 'A'], message: 'has notes lasting 2 beats in a chord of 1' },
      ]),
    );
  });

  it('still reads a document written before issue 35 (one pitch per voice per chord)', () => {
    const doc = partWritingExercise('Old', exercise, { chords: exercise.chords.map(() => ({ S: 'C5', A: 'E4', T: 'G3' })) });
    expect(doc.exercise.chords[0]).toEqual({ B: 'C3', beats: 1 });
  });
});
