import { type CheckInput, checkPartWriting, type Finding, type PartWritingChordInput } from './check.ts';
import { keyAfter } from './chords.ts';
import { chordPositions } from './harmonic-rhythm.ts';
import { type LineProblem, lineSyntax, readLine } from './line.ts';
import { findingMessage, type Language, placedParams } from './messages.ts';
import { DEFAULT_RULE_POINTS, RULE_IDS, type RuleId, type Style, VOICES, type Voice } from './rules.ts';
import { type Key, keyName, parseKey, parsePitch } from './theory.ts';

/**
 * A part-writing exercise as written chord by chord (issue 27): what the grader (`@app/har`'s
 * part-writing/grade.ts) and the browser's practice feedback both check, so a student sees while
 * writing exactly what the grade will say. Also the answer text of the workspace: one answer per
 * chord, id `chord-<n>` (n from 1), the voices to write in S A T B order separated by spaces, each a
 * line (line.ts: `D5`, `G4:8+F#4:8`, `C5:4~`), `-` for a voice not written yet (`D5 G4:8+F#4:8 B3`).
 */

/** Each voice's line in a chord (line.ts): `D5`, `D5:8+C5:8`, `r`. */
export type WrittenChord = Partial<Record<Voice, string>>;
export type GivenChord = {
  numeral?: string | undefined;
  figures?: string | undefined;
  /** Quarter notes (1 when not said): what each voice's line fills. */
  beats?: number | undefined;
  /** A phrase ends on this chord (a fermata): no motion rule runs from it to the next. */
  phrase_end?: boolean | undefined;
  /** A change of time signature starting at this chord. */
  meter?: string | undefined;
} & WrittenChord;
export type RuleSettings = Record<RuleId, { on: boolean; points: number }>;

/** What the check needs of an exercise: the key, meter, style, voices, chords and rule settings. */
export type WritingExercise = {
  key: string;
  meter: string;
  style: Style;
  given: readonly Voice[];
  write: readonly Voice[];
  chords: readonly GivenChord[];
  rules: Partial<Record<RuleId, { on: boolean; points: number }>>;
  ranges?: Partial<Record<Voice, readonly [string, string]>> | undefined;
  /** An opening pickup (quarter notes) and the first measure's number: the measures and beats the findings name. */
  pickup?: number | undefined;
  first_measure?: number | undefined;
};

/** Each rule on or off and its points: the exercise's settings over the defaults (seventh preparation only in strict style). */
export function ruleSettings(
  exercise: Pick<WritingExercise, 'rules' | 'style'>,
  defaults: Readonly<Record<RuleId, number>> = DEFAULT_RULE_POINTS,
): RuleSettings {
  return Object.fromEntries(
    RULE_IDS.map((rule) => {
      const setting = exercise.rules[rule];
      const on = setting?.on ?? (rule !== 'seventh-preparation' || exercise.style === 'strict');
      return [rule, { on, points: setting?.points ?? defaults[rule] }];
    }),
  ) as RuleSettings;
}

export const CHORD_ITEM_PREFIX = 'chord-';
export const chordItemId = (index: number) => `${CHORD_ITEM_PREFIX}${index + 1}`;
/** The 0-based chord of an item id, or undefined. */
export function chordIndexOf(id: string): number | undefined {
  const match = /^chord-([1-9]\d{0,3})$/.exec(id);
  return match ? Number(match[1]) - 1 : undefined;
}

/** Whether a voice's text is a line that fills a chord of `beats` quarter notes (its pitches playable: readLine refuses MIDI outside 0–127). */
const playable = (text: string | undefined, beats: number) => text !== undefined && 'events' in readLine(text, beats);

/** A chord's answer text: the voices to write in S A T B order, '-' for one not written. */
export function answerText(chord: WrittenChord, write: readonly Voice[]): string {
  const order = VOICES.filter((v) => write.includes(v));
  if (order.every((v) => chord[v] === undefined)) return '';
  return order.map((v) => chord[v] ?? '-').join(' ');
}

export type AnswerProblem =
  | { kind: 'count' }
  | { kind: 'pitch'; note: string }
  | { kind: 'midi'; note: string }
  /** A voice's notes that are not a line (line.ts), or (with the chord's length) do not fill the chord. */
  | { kind: 'line'; note: string; problem: LineProblem };

/**
 * Reads a chord's answer text. Tokens are separated by spaces (or commas), each a voice's line
 * (`D5`, `D5:8+C5:8`); '-' or '_' is a voice not written; an empty answer is a chord not written at
 * all. With the chord's length in quarter notes, each line must fill it.
 */
export function readAnswer(text: string, write: readonly Voice[], beats?: number): { chord: WrittenChord } | { problem: AnswerProblem } {
  const order = VOICES.filter((v) => write.includes(v));
  const tokens = text
    .trim()
    .split(/[\s,]+/)
    .filter((token) => token !== '');
  if (tokens.length === 0) return { chord: {} };
  if (tokens.length !== order.length) return { problem: { kind: 'count' } };
  const chord: WrittenChord = {};
  for (const [i, token] of tokens.entries()) {
    if (token === '-' || token === '_') continue;
    const problem = beats === undefined ? lineSyntax(token) : (readLine(token, beats) as { problem?: LineProblem }).problem;
    if (problem?.kind === 'pitch') {
      const pitch = parsePitch(problem.text);
      if (!pitch) return { problem: { kind: 'pitch', note: problem.text } };
      return { problem: { kind: 'midi', note: problem.text } };
    }
    if (problem) return { problem: { kind: 'line', note: token, problem } };
    chord[order[i] as Voice] = token;
  }
  return { chord };
}

/**
 * The key in force before each chord, and after the last: the exercise's, changed by a key a
 * numeral or figures name (decision 031).
 */
function keysBefore(exercise: Pick<WritingExercise, 'key' | 'chords'>): Key[] {
  let running = parseKey(exercise.key) as Key;
  const keys: Key[] = [running];
  for (const given of exercise.chords) {
    running = keyAfter(given, running);
    keys.push(running);
  }
  return keys;
}

/**
 * The key each chord is written in ('G major'), its own key change included: what spells a letter
 * typed, tapped or played into it (a key written before the chord's figures or numeral, decision 031).
 */
export function keysInForce(exercise: Pick<WritingExercise, 'key' | 'chords'>): string[] {
  if (!parseKey(exercise.key)) return exercise.chords.map(() => exercise.key);
  // A chord's own key is the one in force before the next.
  return keysBefore(exercise).slice(1).map(keyName);
}

/** The share of an exercise's chords through which a written voice may rest in mid-phrase (a breath, a thinner texture) before a rest counts as a chord not written. */
export const REST_ALLOWANCE = 0.1;

export type WrittenCheck = {
  /** Every finding, in chord order, chord numbers the exercise's. */
  findings: Finding[];
  /** Chords (0-based) with a voice not written (or not a playable pitch): not checked. */
  unwritten: number[];
};

/**
 * Checks what is written: the checker runs over each stretch of finished chords in the key in
 * force where the stretch begins (labels may change the key, decision 031), rules turned off
 * left out; a chord with a voice missing (or a line that does not fill the chord) is not checked
 * and is listed in `unwritten`. Only what the student wrote counts (issue 35): a finding whose
 * voices are all given voices is left out (so a given voice's range is never checked), and a
 * finding about a whole chord (a missing third) only where the student writes a voice that sounds.
 */
export function checkWritten(exercise: WritingExercise, written: readonly WrittenChord[], language: Language = 'en'): WrittenCheck {
  const settings = ruleSettings(exercise);
  const off = RULE_IDS.filter((rule) => !settings[rule].on);
  const voices = VOICES.filter((v) => exercise.given.includes(v) || exercise.write.includes(v));
  const beatsOf = (given: GivenChord) => given.beats ?? 1;
  const silent = (text: string | undefined, beats: number) => {
    const read = text === undefined ? undefined : readLine(text, beats);
    return read !== undefined && 'events' in read && read.events.every((e) => !e.pitch);
  };
  // A written voice may rest through a whole chord where a phrase begins (the first chord, or after a
  // phrase end, until the voice first sounds) or where every given voice rests too (a pause); in
  // mid-phrase it may breathe or thin the texture for a few chords (REST_ALLOWANCE of the exercise's
  // chords, at least two, per voice: Bach's 087, 273 and 283 do), and beyond that a rest is a chord
  // not written, so resting never escapes the rules.
  const restAllowed = new Map<string, boolean>();
  const allowance = Math.max(2, Math.ceil(REST_ALLOWANCE * exercise.chords.length));
  for (const v of exercise.write) {
    let opening = true;
    let midPhrase = 0;
    exercise.chords.forEach((given, index) => {
      if (index > 0 && exercise.chords[index - 1]?.phrase_end) opening = true;
      const text = written[index]?.[v];
      const pause = exercise.given.every((g) => silent(given[g], beatsOf(given)));
      if (silent(text, beatsOf(given))) {
        if (!opening && !pause) midPhrase += 1;
        restAllowed.set(`${index}:${v}`, opening || pause || midPhrase <= allowance);
      } else if (text !== undefined) opening = false;
    });
  }
  const chords: (PartWritingChordInput | undefined)[] = exercise.chords.map((given, index) => {
    const mine = written[index] ?? {};
    const chord: PartWritingChordInput = {};
    if (given.numeral !== undefined) chord.numeral = given.numeral;
    if (given.figures !== undefined) chord.figures = given.figures;
    if (given.beats !== undefined) chord.beats = given.beats;
    if (given.phrase_end) chord.phrase_end = true;
    if (given.meter !== undefined) chord.meter = given.meter;
    for (const v of voices) {
      const isGiven = exercise.given.includes(v);
      const text = isGiven ? given[v] : mine[v];
      // A given voice that cannot be read (a document's fault, never the student's) is left out as a rest.
      if (!playable(text, beatsOf(given))) {
        if (!isGiven) return undefined;
        chord[v] = 'r';
        continue;
      }
      if (!isGiven && restAllowed.get(`${index}:${v}`) === false) return undefined;
      chord[v] = text;
    }
    return chord;
  });
  // Whether the student sounds in a chord: a written voice that is not a rest throughout.
  const sounding = new Map<number, boolean>();
  const sounds = (index: number) => {
    const known = sounding.get(index);
    if (known !== undefined) return known;
    const result = soundsIn(index);
    sounding.set(index, result);
    return result;
  };
  const soundsIn = (index: number) =>
    exercise.write.some((v) => {
      const read = readLine(written[index]?.[v] ?? 'r', beatsOf(exercise.chords[index] ?? {}));
      return 'events' in read && read.events.some((e) => e.pitch);
    });
  const counts = (finding: Finding) =>
    finding.voices.length > 0 ? finding.voices.some((v) => exercise.write.includes(v)) : finding.chords.some(sounds);

  const keys = keysBefore(exercise);
  const positions = chordPositions(exercise);

  const findings: Finding[] = [];
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
    if (exercise.ranges) input.ranges = exercise.ranges;
    const result = checkPartWriting(input, language);
    if (result.ok) {
      for (const finding of result.findings) {
        // Chord numbers of the stretch become the exercise's.
        const params = { ...finding.params };
        for (const name of ['chord', 'from', 'to']) if (typeof params[name] === 'number') params[name] = (params[name] as number) + start;
        // The stretch's measures and beats become the exercise's too.
        const placed = placedParams(params, positions);
        const shifted = {
          ...finding,
          chords: finding.chords.map((c) => c + start),
          params: placed,
          message: findingMessage(finding.rule, placed, language),
        };
        if (counts(shifted)) findings.push(shifted);
      }
    }
    start = end;
  }
  findings.sort((a, b) => (a.chords[0] ?? 0) - (b.chords[0] ?? 0));
  return { findings, unwritten };
}
