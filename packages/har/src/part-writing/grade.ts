import { type CheckInput, checkPartWriting, type Finding, type PartWritingChordInput } from '@app/contract/part-writing/check';
import { chordOfLabel } from '@app/contract/part-writing/chords';
import { findingMessage, type Language } from '@app/contract/part-writing/messages';
import { RULE_IDS, type RuleId, VOICES, type Voice } from '@app/contract/part-writing/rules';
import { type Key, keyName, midi, parseKey, parsePitch } from '@app/contract/part-writing/theory';
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
  const off = RULE_IDS.filter((rule) => !settings[rule].on);
  const voices = VOICES.filter((v) => exercise.given.includes(v) || exercise.write.includes(v));
  const chords: (PartWritingChordInput | undefined)[] = exercise.chords.map((given, index) => {
    const mine = written.chords[index] ?? {};
    const chord: PartWritingChordInput = {};
    if (given.numeral !== undefined) chord.numeral = given.numeral;
    if (given.figures !== undefined) chord.figures = given.figures;
    for (const v of voices) {
      const text = exercise.given.includes(v) ? given[v] : mine[v];
      const pitch = text === undefined ? undefined : parsePitch(text);
      if (text === undefined || !pitch || midi(pitch) < 0 || midi(pitch) > 127) return undefined;
      chord[v as Voice] = text;
    }
    return chord;
  });

  // The key in force before each chord (labels may change it, decision 031).
  const keys: Key[] = [];
  let running = parseKey(exercise.key) as Key;
  for (const given of exercise.chords) {
    keys.push(running);
    if (given.numeral !== undefined) running = chordOfLabel(given.numeral, running)?.key ?? running;
  }

  const findings: GradedFinding[] = [];
  const unwritten: number[] = [];
  let start = 0;
  while (start < chords.length) {
    if (chords[start] === undefined) {
      unwritten.push(start);
      start += 1;
      continue;
    }
    let end = start;
    while (end < chords.length && chords[end] !== undefined) end += 1;
    const input: CheckInput = {
      key: keyName(keys[start] as Key),
      meter: exercise.meter,
      style: exercise.style,
      chords: chords.slice(start, end) as PartWritingChordInput[],
      off,
    };
    if (exercise.ranges) input.ranges = exercise.ranges as CheckInput['ranges'];
    const result = checkPartWriting(input, language);
    if (result.ok) {
      for (const finding of result.findings) {
        // Chord numbers of the stretch become the exercise's.
        const params = { ...finding.params };
        for (const name of ['chord', 'from', 'to']) if (typeof params[name] === 'number') params[name] = (params[name] as number) + start;
        findings.push({
          ...finding,
          chords: finding.chords.map((c) => c + start),
          params,
          message: findingMessage(finding.rule, params, language),
          cost: settings[finding.rule].points,
        });
      }
    }
    start = end;
  }
  const unwrittenCost = settings['wrong-chord'].points;
  const deducted = findings.reduce((sum, f) => sum + f.cost, 0) + unwritten.length * unwrittenCost;
  findings.sort((a, b) => (a.chords[0] ?? 0) - (b.chords[0] ?? 0));
  return { score: Math.max(0, exercise.points - deducted), max: exercise.points, findings, unwritten, unwrittenCost };
}

/** The points a rule costs in an exercise, for the grade report's legend. */
export function ruleCost(exercise: PartWritingExercise, rule: RuleId): number {
  return ruleSettings(exercise)[rule].points;
}
