import { formatRomanNumeral, parseRomanNumeral, type RomanNumeral } from '@app/contract/roman-numeral';
import type { AnswerKeyItem, HarDocument } from './format.ts';
import { HarError } from './har-error.ts';

/**
 * The Roman-numeral-analysis grader of DESIGN §8. Answers and key entries are
 * compared by their canonical spelling (roman-numeral.ts), so 'V6/5' = 'V65',
 * 'viio7' = 'vii°7', '♭II6' = 'bII6' = 'N6'. The course's settings only decide
 * how the expected label is shown for the cadential six-four and the Neapolitan.
 */

export type GradingSettings = { cadential64: 'I' | 'V'; neapolitan6: 'N' | 'II' };

export type GradedItem = {
  id: string;
  measure: number;
  beat: number;
  /** What the student wrote, trimmed; '' when the item was not answered. */
  answer: string;
  /** The key's label in the course's spelling. */
  expected: string;
  correct: boolean;
  points: number;
  max_points: number;
};

export type GradeResult = {
  items: GradedItem[];
  points: number;
  max_points: number;
  /** points / max_points × 100, rounded to two decimals; 0 when the key is worth no points. */
  percent: number;
  grade: LetterGrade;
};

export type LetterGrade = 'A' | 'A−' | 'B+' | 'B' | 'B−' | 'C+' | 'C' | 'C−' | 'D+' | 'D' | 'D−' | 'F';

const LETTER_GRADES: [number, LetterGrade][] = [
  [93, 'A'],
  [90, 'A−'],
  [87, 'B+'],
  [83, 'B'],
  [80, 'B−'],
  [77, 'C+'],
  [73, 'C'],
  [70, 'C−'],
  [67, 'D+'],
  [63, 'D'],
  [60, 'D−'],
];

/**
 * How much of the grading a reader may see: everything ('full'), right and wrong
 * without the expected labels ('marks': practice before answers are shown), or only
 * their own answers and the total ('none'). Right and wrong is an answer too.
 */
export type Reveal = 'full' | 'marks' | 'none';

/** The result as a reader with this reveal may see it: hidden parts are null. */
export function revealedItems(result: Pick<GradeResult, 'items'>, reveal: Reveal) {
  return result.items.map((item) => ({
    id: item.id,
    measure: item.measure,
    beat: item.beat,
    answer: item.answer,
    correct: reveal === 'none' ? null : item.correct,
    expected: reveal === 'full' ? item.expected : null,
    points: reveal === 'none' ? null : item.points,
    max_points: item.max_points,
  }));
}
export type RevealedItem = ReturnType<typeof revealedItems>[number];

/** DESIGN §7.9: A ≥ 93, A− ≥ 90, … D− ≥ 60, else F (also for NaN). */
export function letterGrade(percent: number): LetterGrade {
  for (const [minimum, grade] of LETTER_GRADES) if (percent >= minimum) return grade;
  return 'F';
}

/**
 * Grades a submission against the exercise's key. Only the submission's answers
 * are read: its score and anything else in it never reach the result.
 */
export function gradeSubmission(exercise: HarDocument, submission: HarDocument, settings: GradingSettings): GradeResult {
  if (!exercise.key) throw new HarError('This exercise has no answer key, so it cannot be graded.');
  const answers = new Map<string, string>();
  for (const item of submission.answers?.items ?? []) if (!answers.has(item.id)) answers.set(item.id, item.answer);

  const items = exercise.key.items.map((item): GradedItem => {
    const answer = (answers.get(item.id) ?? '').trim();
    const correct = isCorrectAnswer(answer, item.answers);
    return {
      id: item.id,
      measure: item.measure,
      beat: item.beat,
      answer,
      expected: expectedLabel(item.answers, settings),
      correct,
      points: correct ? item.points : 0,
      max_points: item.points,
    };
  });
  const points = roundTo(
    items.reduce((sum, item) => sum + item.points, 0),
    4,
  );
  const maxPoints = roundTo(
    items.reduce((sum, item) => sum + item.max_points, 0),
    4,
  );
  const percent = maxPoints > 0 ? roundTo((points * 100) / maxPoints, 2) : 0;
  return { items, points, max_points: maxPoints, percent, grade: letterGrade(percent) };
}

/** Whether an answer names the chord of a key item (any spelling of any of its answers). Never throws. */
export function isCorrectAnswer(answer: string, keyAnswers: AnswerKeyItem['answers']): boolean {
  const given = parseRomanNumeral(answer);
  // An answer that is no label can still match a key entry that is no label (see acceptedSpellings).
  const spelled = given ? canonical(given) : String(answer).replace(/\s+/g, '');
  return spelled !== '' && acceptedSpellings(keyAnswers).has(spelled);
}

/** The label a report shows for a key item, in the course's spelling. */
export function expectedLabel(keyAnswers: AnswerKeyItem['answers'], settings: GradingSettings): string {
  const cadential = cadentialForms(keyAnswers);
  if (cadential) return settings.cadential64 === 'V' ? cadential.dominant : cadential.tonic;
  const first = keyAnswers[0] ?? '';
  const label = parseRomanNumeral(first);
  return label ? formatRomanNumeral(label, settings.neapolitan6) : first.trim();
}

function acceptedSpellings(keyAnswers: readonly string[]): Set<string> {
  const accepted = new Set<string>();
  for (const answer of keyAnswers) {
    const label = parseRomanNumeral(answer);
    // A key entry that is not a label (a typo in a hand-made key) still matches itself.
    accepted.add(label ? canonical(label) : answer.replace(/\s+/g, ''));
  }
  const cadential = cadentialForms(keyAnswers);
  if (cadential) {
    accepted.add('V64');
    accepted.add(cadential.tonic);
    accepted.add('Cad64');
  }
  return accepted;
}

/**
 * A key item is a cadential six-four when it lists both of its spellings
 * (['V64', 'I64'], or 'i64' in minor) or says 'Cad64'. A key that lists only
 * 'I64' means an arpeggiated or passing six-four, where 'V64' is wrong.
 */
function cadentialForms(keyAnswers: readonly string[]): { dominant: string; tonic: string } | undefined {
  const spelled = keyAnswers.map((answer) => {
    const label = parseRomanNumeral(answer);
    return label ? canonical(label) : '';
  });
  const tonic = spelled.find((s) => s === 'I64' || s === 'i64');
  if (spelled.includes('V64') && tonic) return { dominant: 'V64', tonic };
  if (spelled.includes('Cad64')) return { dominant: 'V64', tonic: tonic ?? 'I64' };
  return undefined;
}

function canonical(label: RomanNumeral): string {
  return formatRomanNumeral(label, 'II');
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
