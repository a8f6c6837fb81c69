/**
 * The part-writing rules by id (issue 27), what each error costs by default, and the voices'
 * ranges. What each rule means is in docs/decisions/034-part-writing-checker.md.
 */

export const VOICES = ['S', 'A', 'T', 'B'] as const;
export type Voice = (typeof VOICES)[number];

export const RULE_IDS = [
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
  'non-chord-tone',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

export type Style = 'free' | 'strict';

/**
 * Points an error costs in an exercise unless the instructor sets otherwise: the textbook's weighting
 * (spelling and parallels cost most), for exercises typed or uploaded as their given voices and for
 * every document that names no costs of its own.
 */
export const DEFAULT_RULE_POINTS: Readonly<Record<RuleId, number>> = {
  range: 1,
  spacing: 1,
  crossing: 2,
  overlap: 1,
  'parallel-fifths': 3,
  'parallel-octaves': 3,
  'contrary-fifths-octaves': 2,
  'direct-fifths-octaves': 1,
  'doubled-leading-tone': 2,
  'leading-tone-resolution': 2,
  'seventh-resolution': 2,
  'seventh-preparation': 1,
  'augmented-melodic-interval': 2,
  'leap-too-large': 1,
  'missing-third': 2,
  'wrong-chord': 3,
  'wrong-bass': 3,
  'cadential-64-doubling': 1,
  'unresolved-64': 2,
  'doubled-seventh': 2,
  'non-chord-tone': 1,
};

/**
 * What a chorale made into an exercise through the chorale chooser starts with (issue 35,
 * calibrated on Bach's own voices; decision 034): parallels a point each; the licences Bach takes —
 * voice crossing, overlap, wide spacing, a note outside the textbook range, fifths and octaves by
 * contrary motion, direct fifths and octaves — are found and shown but cost nothing until the
 * instructor gives them points. The draft writes them into the exercise, so what the form shows is
 * what the grade uses.
 */
export const CHORALE_RULE_POINTS: Readonly<Record<RuleId, number>> = {
  ...DEFAULT_RULE_POINTS,
  range: 0,
  spacing: 0,
  crossing: 0,
  overlap: 0,
  'parallel-fifths': 1,
  'parallel-octaves': 1,
  'contrary-fifths-octaves': 0,
  'direct-fifths-octaves': 0,
  'augmented-melodic-interval': 1,
};

/** Ranges in MIDI numbers, inclusive: S C4–G5, A G3–D5, T C3–G4, B E2–C4. */
export const DEFAULT_RANGES: Readonly<Record<Voice, readonly [number, number]>> = {
  S: [60, 79],
  A: [55, 74],
  T: [48, 67],
  B: [40, 60],
};
