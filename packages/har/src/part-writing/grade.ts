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
  const deducted = findings.reduce((sum, f) => sum + f.cost, 0) + checked.unwritten.length * unwrittenCost;
  return { score: Math.max(0, exercise.points - deducted), max: exercise.points, findings, unwritten: checked.unwritten, unwrittenCost };
}

/** The points a rule costs in an exercise, for the grade report's legend. */
export function ruleCost(exercise: PartWritingExercise, rule: RuleId): number {
  return ruleSettings(exercise)[rule].points;
}
