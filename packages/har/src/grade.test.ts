import { canonicalRomanNumeral, parseRomanNumeral } from '@app/contract/roman-numeral';
import { describe, expect, it } from 'vitest';
import type { HarDocument } from './format.ts';
import { expectedLabel, type GradingSettings, gradeSubmission, isCorrectAnswer, letterGrade } from './grade.ts';

const V_N: GradingSettings = { cadential64: 'V', neapolitan6: 'N' };
const I_II: GradingSettings = { cadential64: 'I', neapolitan6: 'II' };

/** [student answer, key answers, right?] */
const PAIRS: [string, string[], boolean][] = [
  // Root position and quality by case.
  ['I', ['I'], true],
  [' I ', ['I'], true],
  ['I5', ['I'], true],
  ['I53', ['I'], true],
  ['I5/3', ['I'], true],
  ['i', ['I'], false],
  ['I6', ['I'], false],
  ['Ⅴ', ['V'], true],
  ['IV', ['IV'], true],
  ['iv', ['IV'], false],
  ['ii', ['ii'], true],
  ['II', ['ii'], false],
  ['iii', ['iii'], true],
  ['vi', ['vi'], true],
  ['VI', ['vi'], false],
  // Every inversion figure and its other spellings.
  ['I6', ['I6'], true],
  ['I63', ['I6'], true],
  ['I6/3', ['I6'], true],
  ['I 6', ['I6'], true],
  ['I⁶', ['I6'], true],
  ['i6', ['I6'], false],
  ['I64', ['I64'], true],
  ['I6/4', ['I64'], true],
  ['I⁶₄', ['I64'], true],
  ['I46', ['I64'], false],
  ['V64', ['I64'], false],
  ['V7', ['V7'], true],
  ['V 7', ['V7'], true],
  ['V753', ['V7'], true],
  ['v7', ['V7'], false],
  ['V', ['V7'], false],
  ['V65', ['V65'], true],
  ['V6/5', ['V65'], true],
  ['V653', ['V65'], true],
  ['V 6 5', ['V65'], true],
  ['V56', ['V65'], false],
  ['V6', ['V65'], false],
  ['V43', ['V43'], true],
  ['V4/3', ['V43'], true],
  ['V643', ['V43'], true],
  ['V34', ['V43'], false],
  ['V65', ['V43'], false],
  ['V42', ['V42'], true],
  ['V4/2', ['V42'], true],
  ['V2', ['V42'], true],
  ['V642', ['V42'], true],
  ['V24', ['V42'], false],
  ['V43', ['V42'], false],
  ['ii65', ['ii65'], true],
  ['ii6/5', ['ii65'], true],
  ['IM7', ['I7'], true],
  ['IΔ7', ['I7'], true],
  ['Imaj7', ['IM7'], true],
  ['IVM7', ['IV7'], true],
  ['iiM7', ['ii7'], false],
  // Diminished and half-diminished.
  ['vii°6', ['vii°6'], true],
  ['viio6', ['vii°6'], true],
  ['viiº6', ['vii°6'], true],
  ['vii˚6', ['vii°6'], true],
  ['vii6', ['vii°6'], false],
  ['VII6', ['vii°6'], false],
  ['VII°6', ['vii°6'], false],
  ['vii°7', ['vii°7'], true],
  ['viio7', ['vii°7'], true],
  ['viiø7', ['vii°7'], false],
  ['vii7', ['vii°7'], false],
  ['viiø7', ['viiø7'], true],
  ['viiØ7', ['viiø7'], true],
  ['vii⌀7', ['viiø7'], true],
  ['viiø', ['viiø7'], true],
  ['vii°7', ['viiø7'], false],
  ['viiø6/5', ['viiø65'], true],
  ['viio4/3', ['vii°43'], true],
  ['viio2', ['vii°42'], true],
  ['viiø6', ['vii°6'], false],
  // Minor keys: raised leading tone, diminished supertonic, the mediant and subtonic.
  ['i', ['i'], true],
  ['I', ['i'], false],
  ['iv', ['iv'], true],
  ['IV', ['iv'], false],
  ['iv6', ['iv6'], true],
  ['iv6/3', ['iv6'], true],
  ['V', ['V'], true],
  ['v', ['V'], false],
  ['V7', ['V7'], true],
  ['VI', ['VI'], true],
  ['vi', ['VI'], false],
  ['III', ['III'], true],
  ['iii', ['III'], false],
  ['III+', ['III+'], true],
  ['III', ['III+'], false],
  ['VII', ['VII'], true],
  ['vii°', ['VII'], false],
  ['ii°6', ['ii°6'], true],
  ['iio6', ['ii°6'], true],
  ['ii6', ['ii°6'], false],
  ['II6', ['ii°6'], false],
  ['iiø65', ['iiø65'], true],
  ['ii⌀6/5', ['iiø65'], true],
  ['ii65', ['iiø65'], false],
  ['iio65', ['iiø65'], false],
  ['i64', ['i64'], true],
  // Secondary functions.
  ['V/V', ['V/V'], true],
  ['V / V', ['V/V'], true],
  ['V/v', ['V/V'], false],
  ['V7/V', ['V/V'], false],
  ['vii°/V', ['V/V'], false],
  ['V7/V', ['V7/V'], true],
  ['V6/5/V', ['V65/V'], true],
  ['V65/V', ['V65/V'], true],
  ['V65', ['V65/V'], false],
  ['viio7/V', ['vii°7/V'], true],
  ['vii°7/V', ['vii°7/V'], true],
  ['viiø7/V', ['vii°7/V'], false],
  ['vii°7', ['vii°7/V'], false],
  ['V7/IV', ['V7/IV'], true],
  ['V7/iv', ['V7/IV'], false],
  ['V/vi', ['V/vi'], true],
  ['V/ii', ['V/ii'], true],
  ['V/II', ['V/ii'], false],
  ['V/iv', ['V/iv'], true],
  ['V/V/V', ['V/V/V'], true],
  ['V/N', ['V/bII'], true],
  // Accidentals.
  ['bVI', ['bVI'], true],
  ['♭VI', ['bVI'], true],
  ['VI', ['bVI'], false],
  ['b VII', ['bVII'], true],
  ['♭III', ['bIII'], true],
  ['#iv°7', ['#iv°7'], true],
  ['♯ivo7', ['#iv°7'], true],
  ['iv°7', ['#iv°7'], false],
  ['bII6', ['bII6'], true],
  ['♭II6', ['bII6'], true],
  ['N6', ['bII6'], true],
  // The Neapolitan sixth, keyed both ways.
  ['N6', ['N6', 'bII6'], true],
  ['bII6', ['N6', 'bII6'], true],
  ['♭II6', ['N6', 'bII6'], true],
  ['N', ['N6', 'bII6'], false],
  ['II6', ['N6', 'bII6'], false],
  ['bii6', ['N6', 'bII6'], false],
  ['N64', ['N6', 'bII6'], false],
  // The cadential six-four, keyed both ways (major and minor).
  ['V64', ['V64', 'I64'], true],
  ['I64', ['V64', 'I64'], true],
  ['V6/4', ['V64', 'I64'], true],
  ['I6/4', ['V64', 'I64'], true],
  ['Cad64', ['V64', 'I64'], true],
  ['i64', ['V64', 'I64'], false],
  ['V', ['V64', 'I64'], false],
  ['I', ['V64', 'I64'], false],
  ['V7', ['V64', 'I64'], false],
  ['i64', ['V64', 'i64'], true],
  ['V64', ['V64', 'i64'], true],
  ['I64', ['V64', 'i64'], false],
  ['V64', ['Cad64'], true],
  // Augmented sixths.
  ['It+6', ['It6'], true],
  ['it6', ['It6'], true],
  ['It', ['It6'], true],
  ['Ger+6', ['Ger65'], true],
  ['Gr65', ['Ger65'], true],
  ['Fr4/3', ['Fr43'], true],
  ['Fr43', ['Ger65'], false],
  // Malformed answers are wrong, never an error.
  ['', ['I'], false],
  ['   ', ['I'], false],
  ['V/', ['V/V'], false],
  ['/V', ['V/V'], false],
  ['V//V', ['V/V'], false],
  ['V/V6', ['V6/V'], false],
  ['garbage', ['I'], false],
  ['X', ['I'], false],
  ['IIII', ['IV'], false],
  ['Vi', ['vi'], false],
  ['iI', ['ii'], false],
  ['V8', ['V'], false],
  ['V65/', ['V65/V'], false],
  ['7', ['V7'], false],
  ['b', ['bVI'], false],
  ['#', ['I'], false],
  ['i+', ['III+'], false],
  ['I♭', ['bI'], false],
  ['<script>alert(1)</script>', ['I'], false],
  ['V'.repeat(200), ['V'], false],
  ['\u0000V', ['V'], false],
  // A key entry that is no label still matches itself.
  ['Pedal', ['Pedal'], true],
  ['pedal', ['Pedal'], false],
];

describe('isCorrectAnswer', () => {
  it('has a table of at least 100 answer and key pairs', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(PAIRS)('%j against %j → %s', (answer, key, right) => {
    expect(isCorrectAnswer(answer, key)).toBe(right);
  });
});

describe('parseRomanNumeral', () => {
  it('reads the parts of a label', () => {
    expect(parseRomanNumeral('♭II6')).toEqual({ kind: 'chord', accidental: -1, degree: 2, quality: 'major', figure: '6', applied: [] });
    expect(parseRomanNumeral('viio6/5/V')).toEqual({
      kind: 'chord',
      accidental: 0,
      degree: 7,
      quality: 'diminished',
      figure: '65',
      applied: [{ accidental: 0, degree: 5, quality: 'major' }],
    });
    expect(parseRomanNumeral('V/')).toBeUndefined();
  });

  it('gives equivalent labels one spelling', () => {
    expect(canonicalRomanNumeral('V6/5')).toBe('V65');
    expect(canonicalRomanNumeral('N6')).toBe('bII6');
    expect(canonicalRomanNumeral('viio7/V')).toBe('vii°7/V');
    expect(canonicalRomanNumeral('ger+6')).toBe('Ger65');
    expect(canonicalRomanNumeral('nonsense')).toBeUndefined();
  });
});

describe('expectedLabel', () => {
  it.each([
    [['V64', 'I64'], V_N, 'V64'],
    [['V64', 'I64'], I_II, 'I64'],
    [['I64', 'V64'], V_N, 'V64'],
    [['V64', 'i64'], I_II, 'i64'],
    [['Cad64'], I_II, 'I64'],
    [['Cad64'], V_N, 'V64'],
    [['N6', 'bII6'], V_N, 'N6'],
    [['N6', 'bII6'], I_II, 'bII6'],
    [['bII6', 'N6'], V_N, 'N6'],
    [['♭II6'], V_N, 'N6'],
    [['N6/V'], I_II, 'bII6/V'],
    [['I64'], V_N, 'I64'],
    [['viio7'], V_N, 'vii°7'],
    [['V6/5'], I_II, 'V65'],
    [['Pedal'], V_N, 'Pedal'],
  ] as [string[], GradingSettings, string][])('%j with %o shows %s', (key, settings, shown) => {
    expect(expectedLabel(key, settings)).toBe(shown);
  });
});

describe('letterGrade', () => {
  it.each([
    [100, 'A'],
    [93, 'A'],
    [92.99, 'A−'],
    [90, 'A−'],
    [89.99, 'B+'],
    [87, 'B+'],
    [86.99, 'B'],
    [83, 'B'],
    [82.99, 'B−'],
    [80, 'B−'],
    [79.99, 'C+'],
    [77, 'C+'],
    [76.99, 'C'],
    [73, 'C'],
    [72.99, 'C−'],
    [70, 'C−'],
    [69.99, 'D+'],
    [67, 'D+'],
    [66.99, 'D'],
    [63, 'D'],
    [62.99, 'D−'],
    [60, 'D−'],
    [59.99, 'F'],
    [0, 'F'],
    [Number.NaN, 'F'],
  ])('%s%% is %s', (percent, grade) => {
    expect(letterGrade(percent)).toBe(grade);
  });
});

describe('gradeSubmission', () => {
  const manifest = { format: 'har', version: 1, title: 'Test', exercise_type: 'roman-numeral-analysis' } as const;
  const exercise: HarDocument = {
    manifest: { ...manifest, kind: 'exercise' },
    score: '<score-partwise/>',
    key: {
      items: [
        { id: 'm1b1', measure: 1, beat: 1, answers: ['i'], points: 1 },
        { id: 'm1b2', measure: 1, beat: 2, answers: ['N6', 'bII6'], points: 2 },
        { id: 'm1b3', measure: 1, beat: 3, answers: ['V64', 'i64'], points: 2 },
        { id: 'm1b4', measure: 1, beat: 4, answers: ['V7'], points: 1 },
        { id: 'm2b1', measure: 2, beat: 1, answers: ['i'], points: 1 },
      ],
    },
  };
  const submit = (answers: Record<string, string>, extra: Partial<HarDocument> = {}): HarDocument => ({
    manifest: { ...manifest, kind: 'submission' },
    score: '<score-partwise/>',
    answers: { items: Object.entries(answers).map(([id, answer]) => ({ id, answer })) },
    ...extra,
  });

  it('scores each item, totals the points and gives the percent and grade', () => {
    const result = gradeSubmission(exercise, submit({ m1b1: ' i ', m1b2: '♭II6', m1b3: 'i64', m1b4: 'V6/5', m2b1: 'I' }), V_N);
    expect(result.items).toEqual([
      { id: 'm1b1', measure: 1, beat: 1, answer: 'i', expected: 'i', correct: true, points: 1, max_points: 1 },
      { id: 'm1b2', measure: 1, beat: 2, answer: '♭II6', expected: 'N6', correct: true, points: 2, max_points: 2 },
      { id: 'm1b3', measure: 1, beat: 3, answer: 'i64', expected: 'V64', correct: true, points: 2, max_points: 2 },
      { id: 'm1b4', measure: 1, beat: 4, answer: 'V6/5', expected: 'V7', correct: false, points: 0, max_points: 1 },
      { id: 'm2b1', measure: 2, beat: 1, answer: 'I', expected: 'i', correct: false, points: 0, max_points: 1 },
    ]);
    expect(result).toMatchObject({ points: 5, max_points: 7, percent: 71.43, grade: 'C−' });
  });

  it("shows the course's spelling of the cadential six-four and the Neapolitan", () => {
    const result = gradeSubmission(exercise, submit({ m1b2: 'N6', m1b3: 'V64' }), I_II);
    expect(result.items.map((item) => item.expected)).toEqual(['i', 'bII6', 'i64', 'V7', 'i']);
    expect(result.items.map((item) => item.correct)).toEqual([false, true, true, false, false]);
  });

  it('counts unanswered and unknown items as wrong and ignores anything else in the submission', () => {
    const forged = submit(
      { m1b1: 'i', nonsense: 'V' },
      {
        key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['x'], points: 100 }] },
        score: '<score-partwise><forged/></score-partwise>',
      },
    );
    const result = gradeSubmission(exercise, forged, V_N);
    expect(result.items.map((item) => item.answer)).toEqual(['i', '', '', '', '']);
    expect(result).toMatchObject({ points: 1, max_points: 7, percent: 14.29, grade: 'F' });
  });

  it('gives full marks for all right, and 0 % (F) for a key worth no points', () => {
    const all = gradeSubmission(exercise, submit({ m1b1: 'i', m1b2: 'N6', m1b3: 'Cad64', m1b4: 'V7', m2b1: 'i' }), V_N);
    expect(all).toMatchObject({ points: 7, max_points: 7, percent: 100, grade: 'A' });
    const empty = gradeSubmission({ ...exercise, key: { items: [] } }, submit({}), V_N);
    expect(empty).toEqual({ items: [], points: 0, max_points: 0, percent: 0, grade: 'F' });
  });

  it('refuses to grade an exercise without a key', () => {
    expect(() => gradeSubmission({ ...exercise, key: undefined }, submit({}), V_N)).toThrow(
      'This exercise has no answer key, so it cannot be graded.',
    );
  });
});

describe('gradeSubmission with keys that change (decision 031)', () => {
  const manifest = { format: 'har', version: 1, title: 'Modulating', exercise_type: 'roman-numeral-analysis' } as const;
  // A in A major, a pivot into E major, a cadence there, and back to A.
  const items = [
    { id: 'p1', measure: 1, beat: 1, answers: ['I'], points: 1 },
    { id: 'p2', measure: 1, beat: 2, answers: ['I = E: IV'], points: 1 },
    { id: 'p3', measure: 1, beat: 3, answers: ['V7', 'V7/V'], points: 1 },
    { id: 'p4', measure: 1, beat: 4, answers: ['I'], points: 1 },
    { id: 'p5', measure: 2, beat: 1, answers: ['A: V'], points: 1 },
    { id: 'p6', measure: 2, beat: 2, answers: ['I'], points: 1 },
  ];
  const exercise = (keyItems = items, key: string | null = 'A'): HarDocument => ({
    manifest: { ...manifest, kind: 'exercise' },
    score: '<score-partwise/>',
    key: { ...(key === null ? {} : { key }), items: keyItems },
  });
  const submit = (answers: Record<string, string>): HarDocument => ({
    manifest: { ...manifest, kind: 'submission' },
    score: '<score-partwise/>',
    answers: { items: Object.entries(answers).map(([id, answer]) => ({ id, answer })) },
  });
  const marks = (answers: Record<string, string>, doc = exercise()) =>
    gradeSubmission(doc, submit(answers), V_N).items.map((i) => i.correct);

  it('grades the key change and pivot written as the key has them', () => {
    expect(marks({ p1: 'I', p2: 'I = E: IV', p3: 'V7', p4: 'I', p5: 'A: V', p6: 'I' })).toEqual([true, true, true, true, true, true]);
  });

  it('reads a label without a key in the key the student is in', () => {
    // The student names every key; a label naming the key in force is the same as one without it.
    expect(marks({ p1: 'A: I', p2: 'A: I = E: IV', p3: 'E: V7', p4: 'E: I', p5: 'A: V', p6: 'A: I' })).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('marks a pivot without its old reading, a missed key change and a wrong key wrong', () => {
    // 'E: IV' alone is one reading of a two-reading pivot; then the student is in E.
    expect(marks({ p1: 'I', p2: 'E: IV', p3: 'V7', p4: 'I', p5: 'A: V', p6: 'I' })).toEqual([true, false, true, true, true, true]);
    // No key change at all: 'V7' and 'I' read in A are not E's.
    expect(marks({ p1: 'I', p2: 'IV', p3: 'V7', p4: 'I', p5: 'V', p6: 'I' })).toEqual([true, false, false, false, true, true]);
    // A pivot into B: the rest follows the student's key, so E's chords are wrong.
    expect(marks({ p1: 'I', p2: 'I = B: bVII', p3: 'V7', p4: 'I', p5: 'A: V', p6: 'I' })).toEqual([true, false, false, false, true, true]);
    // The mode is part of the key: V7 and I of e minor are not E major's.
    expect(marks({ p1: 'I', p2: 'I = e: iv', p3: 'V7', p4: 'I' })).toEqual([true, false, false, false, false, false]);
    // Enharmonic keys are apart.
    const flat = exercise([{ id: 'p1', measure: 1, beat: 1, answers: ['Gb: V'], points: 1 }]);
    expect(marks({ p1: 'F#: V' }, flat)).toEqual([false]);
    expect(marks({ p1: 'G♭: V' }, flat)).toEqual([true]);
  });

  it('takes an alternative in the key before the position (V/V of A beside V of E)', () => {
    // The alternatives change no key: 'V/V' at p2 is read in A; at p3 the key is E, so A's V names A.
    const doc = exercise([
      { id: 'p1', measure: 1, beat: 1, answers: ['I'], points: 1 },
      { id: 'p2', measure: 1, beat: 2, answers: ['E: V', 'V/V'], points: 1 },
      { id: 'p3', measure: 1, beat: 3, answers: ['I', 'A: V'], points: 1 },
    ]);
    expect(marks({ p1: 'I', p2: 'E: V', p3: 'I' }, doc)).toEqual([true, true, true]);
    expect(marks({ p1: 'I', p2: 'V/V', p3: 'V' }, doc)).toEqual([true, true, true]);
    expect(marks({ p1: 'I', p2: 'A: V/V', p3: 'V' }, doc)).toEqual([true, true, true]);
    // A wrong chord in the right new key: the next label is read in E.
    expect(marks({ p1: 'I', p2: 'E: V/V', p3: 'I' }, doc)).toEqual([true, false, true]);
  });

  it('shows the key where the key changes, in the course spelling', () => {
    const doc = exercise(
      [
        { id: 'p1', measure: 1, beat: 1, answers: ['i'], points: 1 },
        { id: 'p2', measure: 1, beat: 2, answers: ['i = Bb: ii'], points: 1 },
        { id: 'p3', measure: 1, beat: 3, answers: ['V64', 'I64'], points: 1 },
        { id: 'p4', measure: 1, beat: 4, answers: ['g: N6'], points: 1 },
        { id: 'p5', measure: 2, beat: 1, answers: ['f: Cad64'], points: 1 },
      ],
      'c',
    );
    expect(gradeSubmission(doc, submit({}), V_N).items.map((i) => i.expected)).toEqual(['i', 'i = Bb: ii', 'V64', 'g: N6', 'f: V64']);
    expect(gradeSubmission(doc, submit({}), I_II).items.map((i) => i.expected)).toEqual(['i', 'i = Bb: ii', 'I64', 'g: bII6', 'f: i64']);
    // The cadential six-four in the key in force: Bb's I64 and V64 are right, c's i64 is not.
    expect(marks({ p1: 'i', p2: 'i = Bb: ii', p3: 'I64', p4: 'g: bII6', p5: 'f: i64' }, doc)).toEqual([true, true, true, true, true]);
    expect(marks({ p1: 'i', p2: 'i = Bb: ii', p3: 'c: i64', p4: 'g: N6', p5: 'f: V64' }, doc)).toEqual([true, true, false, true, true]);
  });

  it('reads items in score order whatever their order in the key', () => {
    const shuffled = exercise([...items].reverse());
    const result = gradeSubmission(shuffled, submit({ p1: 'I', p2: 'I = E: IV', p3: 'V7', p4: 'I', p5: 'A: V', p6: 'I' }), V_N);
    expect(result.items.every((i) => i.correct)).toBe(true);
  });

  it('compares meanings in the mode: #vii°7 is vii°7 in minor, IV7 is IVmaj7 in major', () => {
    const doc = exercise(
      [
        { id: 'p1', measure: 1, beat: 1, answers: ['IVmaj7'], points: 1 },
        { id: 'p2', measure: 1, beat: 2, answers: ['a: vii°7'], points: 1 },
        { id: 'p3', measure: 1, beat: 3, answers: ['ii/o65'], points: 1 },
      ],
      'C',
    );
    expect(marks({ p1: 'IV7', p2: 'a: #viio7', p3: 'iiø6/5' }, doc)).toEqual([true, true, true]);
    expect(marks({ p1: 'IV7', p2: 'vii°7', p3: 'ii65' }, doc)).toEqual([true, false, false]);
  });

  it('grades a key naming keys but no opening key from an unnamed key', () => {
    const doc = exercise(
      [
        { id: 'p1', measure: 1, beat: 1, answers: ['I'], points: 1 },
        { id: 'p2', measure: 1, beat: 2, answers: ['E: V'], points: 1 },
        { id: 'p3', measure: 1, beat: 3, answers: ['I'], points: 1 },
      ],
      null,
    );
    expect(marks({ p1: 'I', p2: 'E: V', p3: 'I' }, doc)).toEqual([true, true, true]);
    expect(marks({ p1: 'A: I', p2: 'E: V', p3: 'I' }, doc)).toEqual([false, true, true]);
  });

  it('an opening key alone grades one-key answers as before', () => {
    const doc = exercise([
      { id: 'p1', measure: 1, beat: 1, answers: ['V6/5'], points: 2 },
      { id: 'p2', measure: 1, beat: 2, answers: ['Pedal'], points: 1 },
    ]);
    const result = gradeSubmission(doc, submit({ p1: 'V65', p2: 'Pedal' }), V_N);
    expect(result).toMatchObject({ points: 3, max_points: 3, percent: 100 });
    expect(result.items.map((i) => i.expected)).toEqual(['V65', 'Pedal']);
  });
});
