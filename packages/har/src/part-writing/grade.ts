import type { Finding } from '@app/contract/part-writing/check';
import type { Language } from '@app/contract/part-writing/messages';
import type { RuleId } from '@app/contract/part-writing/rules';
import { checkWritten } from '@app/contract/part-writing/written';
import { type PartWritingExercise, ruleSettings, type WrittenVoices } from './document.ts';

/**
 * Grading a part-writing hand-in (issue 27): the exercise's points minus the points of each error
 * the checker finds (each rule's cost from the exercise's settings, rules turned off cost nothing),
 * never below 0. A chord the student left unfinished (a note missing or not a playable pitch) is
 * not checked and costs what a wrong chord costs; the checker runs over each stretch of finished
 * chords, in the key in force where the stretch begins.
 *
 * Only what the student wrote costs points (issue 35): `checkWritten` leaves out every finding
 * whose voices are all given (and never checks a given voice's range); this grade counts exactly
 * the findings it returns, adds none, and the report lists exactly these with their costs, so the
 * findings listed, their costs and the total always add up (`pointsOff`).
 */

export type GradedFinding = Finding & { cost: number };

export type PartWritingGrade = {
  score: number;
  max: number;
  /** Every finding with what it cost, in chord order. */
  findings: GradedFinding[];
  /** Chords (0-based) with a note missing, each costing `unwrittenCost`. */
  unwritten: number[];
  unwrittenCost: number;
};

export function gradePartWriting(exercise: PartWritingExercise, written: WrittenVoices, language: Language = 'en'): PartWritingGrade {
  const settings = ruleSettings(exercise);
  const checked = checkWritten(exercise, written.chords, language);
  const findings: GradedFinding[] = checked.findings.map((finding) => ({ ...finding, cost: settings[finding.rule].points }));
  const unwrittenCost = settings['wrong-chord'].points;
  const deducted = pointsOff({ findings, unwritten: checked.unwritten, unwritten_cost: unwrittenCost }).total;
  return {
    score: round(Math.max(0, exercise.points - deducted)),
    max: exercise.points,
    findings,
    unwritten: checked.unwritten,
    unwrittenCost,
  };
}

/** What a grade took off, as the report's summary and its totals say it: counts and points, never which findings. */
export type PointsOff = {
  /** Findings that were counted, and the points they cost together. */
  findings: number;
  findingPoints: number;
  /** Chords left unfinished, and the points they cost together. */
  unfinished: number;
  unfinishedPoints: number;
  /** Everything taken off; the grade is the points minus this, never below 0. */
  total: number;
};

/** The points a grade took off (a stored result's `part_writing`, or a fresh grade's fields). */
export function pointsOff(graded: {
  findings: readonly { cost: number }[];
  unwritten: readonly number[];
  unwritten_cost: number;
}): PointsOff {
  const findingPoints = graded.findings.reduce((sum, f) => sum + f.cost, 0);
  const unfinishedPoints = graded.unwritten.length * graded.unwritten_cost;
  return {
    findings: graded.findings.length,
    findingPoints: round(findingPoints),
    unfinished: graded.unwritten.length,
    unfinishedPoints: round(unfinishedPoints),
    total: round(findingPoints + unfinishedPoints),
  };
}

/** Points as people read them: 0.1 + 0.2 is 0.3. */
const round = (points: number) => Math.round(points * 1000) / 1000;

/** The points a rule costs in an exercise, for the grade report's legend. */
export function ruleCost(exercise: PartWritingExercise, rule: RuleId): number {
  return ruleSettings(exercise)[rule].points;
}
