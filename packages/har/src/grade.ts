import { har } from '@app/contract/har-messages';
import {
  formatKey,
  formatKeyedLabel,
  type KeyedLabel,
  labelMeaning,
  type MusicalKey,
  namesKey,
  parseKey,
  parseKeyedLabel,
  placeLabel,
  readLabels,
} from '@app/contract/keyed-label';
import { comparableRomanNumeral, formatRomanNumeral, parseRomanNumeral, type RomanNumeral } from '@app/contract/roman-numeral';
import type { AnswerKey, AnswerKeyItem, HarDocument } from './format.ts';
import { HarError } from './har-error.ts';

/**
 * The Roman-numeral-analysis grader of DESIGN §8. Answers and key entries are
 * compared by their canonical spelling (roman-numeral.ts), so 'V6/5' = 'V65',
 * 'viio7' = 'vii°7', '♭II6' = 'bII6' = 'N6'. The course's settings only decide
 * how the expected label is shown for the cadential six-four and the Neapolitan.
 *
 * Keys that change (decision 031): when the key names an opening key, or any of its answers names a
 * key ('E: V', 'I = E: IV'), labels are read in score order with a running key (the key's from each
 * position's first answer, the student's from what they wrote) and compared by meaning
 * (`@app/contract/keyed-label`). A key with neither grades exactly as before.
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
  /** The exercise's opening key ('A', 'f#'; decision 031), when it has one: the report and image name it. */
  key?: string;
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
  if (!exercise.key) throw new HarError(har('noAnswerKey'));
  const answers = new Map<string, string>();
  for (const item of submission.answers?.items ?? []) if (!answers.has(item.id)) answers.set(item.id, item.answer);

  const keyed = keyedGrading(exercise.key, answers, settings);
  const items = exercise.key.items.map((item): GradedItem => {
    const answer = (answers.get(item.id) ?? '').trim();
    const inKeys = keyed?.get(item.id);
    const correct = inKeys ? inKeys.correct : isCorrectAnswer(answer, item.answers);
    return {
      id: item.id,
      measure: item.measure,
      beat: item.beat,
      answer,
      expected: inKeys ? inKeys.expected : expectedLabel(item.answers, settings),
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
  const opening = exercise.key.key === undefined ? {} : { key: exercise.key.key };
  return { items, points, max_points: maxPoints, percent, grade: letterGrade(percent), ...opening };
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
  return comparableRomanNumeral(label);
}

/** Whether a key is graded with keys (decision 031): it names an opening key, or an answer names a key. */
export function isKeyedAnswerKey(key: AnswerKey): boolean {
  if (key.key !== undefined) return true;
  return key.items.some((item) =>
    item.answers.some((answer) => {
      const label = parseKeyedLabel(answer);
      return label !== undefined && namesKey(label);
    }),
  );
}

/**
 * Each item's mark and shown label when the key is graded with keys, or undefined for a key graded as
 * before. Items are read in score order; the key's running key follows each item's first answer, its
 * other answers are read in the key in force before the item (so 'V/V' beside 'E: V' is V/V of the old key).
 */
function keyedGrading(
  key: AnswerKey,
  answers: Map<string, string>,
  settings: GradingSettings,
): Map<string, { correct: boolean; expected: string }> | undefined {
  if (!isKeyedAnswerKey(key)) return undefined;
  const opening = key.key === undefined ? undefined : parseKey(key.key);
  const order = [...key.items].sort((a, b) => a.measure - b.measure || a.beat - b.beat);
  const keyRead = readLabels(
    order.map((item) => item.answers[0]),
    opening,
  );
  const studentRead = readLabels(
    order.map((item) => (answers.get(item.id) ?? '').trim()),
    opening,
  );
  const result = new Map<string, { correct: boolean; expected: string }>();
  order.forEach((item, index) => {
    const main = keyRead[index];
    const student = studentRead[index];
    if (!main || !student) return;
    const accepted = new Set<string>();
    item.answers.forEach((answer, n) => {
      const label = parseKeyedLabel(answer);
      if (!label) accepted.add(answer.replace(/\s+/g, ''));
      else accepted.add(labelMeaning(n === 0 ? main.readings : placeLabel(label, main.keyBefore).readings));
    });
    const cadential = keyedCadential(item.answers, main.keyBefore);
    for (const numeral of cadential ? ['V64', cadential.tonic, 'Cad64'] : []) {
      const parsed = parseRomanNumeral(numeral);
      if (parsed) accepted.add(labelMeaning([{ key: cadential?.key, numeral: parsed }]));
    }
    const answer = (answers.get(item.id) ?? '').trim();
    const given = student.label ? labelMeaning(student.readings) : answer.replace(/\s+/g, '');
    result.set(item.id, {
      correct: given !== '' && accepted.has(given),
      expected: keyedExpected(item.answers, settings, cadential, main.label),
    });
  });
  return result;
}

/** A cadential six-four item (as `cadentialForms`, each answer one reading) and the key it is in. */
function keyedCadential(
  keyAnswers: readonly string[],
  keyBefore: MusicalKey | undefined,
): { key: MusicalKey | undefined; tonic: string; prefix: string } | undefined {
  const labels = keyAnswers.map((answer) => parseKeyedLabel(answer));
  const first = labels[0];
  if (!first || labels.some((label) => label && label.readings.length > 1)) return undefined;
  const numerals = labels.map((label) => (label?.readings.length === 1 ? formatRomanNumeral(label.readings[0].numeral, 'II') : ''));
  const forms = cadentialForms(numerals);
  if (!forms) return undefined;
  const named = first.readings[0].key;
  const key = named ?? keyBefore;
  // 'Cad64' alone: the tonic six-four of the key's mode.
  const tonic = numerals.includes(forms.tonic) || key === undefined ? forms.tonic : key.mode === 'minor' ? 'i64' : 'I64';
  const prefix = named ? `${formatKey(named)}: ` : '';
  return { key, tonic, prefix };
}

function keyedExpected(
  keyAnswers: readonly string[],
  settings: GradingSettings,
  cadential: { tonic: string; prefix: string } | undefined,
  main: KeyedLabel | undefined,
): string {
  if (cadential) return `${cadential.prefix}${settings.cadential64 === 'V' ? 'V64' : cadential.tonic}`;
  if (!main) return (keyAnswers[0] ?? '').trim();
  return formatKeyedLabel(main, (numeral) => formatRomanNumeral(numeral, settings.neapolitan6));
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
