import { type PartWritingDocument, partWritingExercise } from '@app/har/part-writing/document';

type Input = Parameters<typeof partWritingExercise>[1];
type Model = NonNullable<Parameters<typeof partWritingExercise>[2]>;

/**
 * The part-writing exercise the server tests, the journeys and the benches share: a given bass in
 * C major, C3 F3 G3 C3 (one chord each, 4/4), the student writing S, A and T. The chords carry
 * `figures` (default '' each: 5/3) or, given `numerals`, numerals instead; `rules` and `model` as
 * partWritingExercise takes them. Imports nothing but the har package, so e2e and bench may use it.
 */
export function bassInC(
  title: string,
  options: { points: number; figures?: string[]; numerals?: string[]; rules?: Input['rules']; model?: Model },
): PartWritingDocument {
  const chords = BASS_IN_C.map((B, i) =>
    options.numerals ? { B, numeral: options.numerals[i] as string } : { B, figures: options.figures?.[i] ?? '' },
  );
  const input: Input = { key: 'C major', meter: '4/4', given: ['B'], write: ['S', 'A', 'T'], chords, points: options.points };
  if (options.rules) input.rules = options.rules;
  return partWritingExercise(title, input, options.model);
}

export const BASS_IN_C = ['C3', 'F3', 'G3', 'C3'];
/** A model solution over it in a high line no answer of the tests uses, so its notes can be searched for. */
export const HIGH_MODEL: Model = {
  chords: [
    { S: 'G5', A: 'C5', T: 'E4' },
    { S: 'F5', A: 'C5', T: 'A4' },
    { S: 'D5', A: 'B4', T: 'G4' },
    { S: 'E5', A: 'C5', T: 'G4' },
  ],
};
/** Notes of HIGH_MODEL no answer uses. */
export const MODEL_NOTES = ['G5', 'F5'];
/** A correct realisation (S A T of each chord). */
export const GOOD = ['C5 E4 G3', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3'];
/** Chord 1 → 2 with parallel fifths between soprano and bass (G4/C3 → C5/F3), nothing else. */
export const FIFTHS = ['G4 E4 C4', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3'];
/** One answer per chord, as a hand-in sends them. */
export const chordAnswers = (texts: string[]) => texts.map((answer, i) => ({ id: `chord-${i + 1}`, answer }));
