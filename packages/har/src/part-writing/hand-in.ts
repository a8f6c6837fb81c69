import { har } from '@app/contract/har-messages';
import { type LineProblem, readLine } from '@app/contract/part-writing/line';
import type { Language } from '@app/contract/part-writing/messages';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { parsePitch } from '@app/contract/part-writing/theory';
import {
  type AnswerProblem,
  answerText,
  chordIndexOf,
  chordItemId,
  readAnswer,
  ruleSettings,
  type WrittenChord,
} from '@app/contract/part-writing/written';
import { MANIFEST_ENTRY } from '../format.ts';
import { type GradeResult, letterGrade } from '../grade.ts';
import { HarError } from '../har-error.ts';
import { HAR_LIMITS, unzipWithLimits } from '../safe-unzip.ts';
import { type PartWritingDocument, type PartWritingExercise, VOICES_ENTRY, type WrittenVoices } from './document.ts';
import { type GradedFinding, gradePartWriting } from './grade.ts';
import { exerciseMeasures, meterQuarters, partWritingScore } from './score.ts';

/**
 * A part-writing document in the server's hands (issue 27): telling it from an analysis `.har`
 * by its manifest alone, what a student is shown of it (never the model solution), the workspace's
 * answers (one per chord, `chord-<n>`, the voices to write as pitch names) read into written voices,
 * and the grade as the submissions table keeps every grade (`GradeResult`, one item per chord) with
 * the findings beside it.
 */

/** True when the `.har` is a part-writing document (its manifest says so); false for any other or unreadable file. */
export function isPartWritingHar(bytes: Uint8Array): boolean {
  try {
    const files = unzipWithLimits(bytes, { ...HAR_LIMITS, wanted: (name) => name === MANIFEST_ENTRY });
    const manifest = files.get(MANIFEST_ENTRY);
    if (!manifest || manifest.byteLength > 64 * 1024) return false;
    const parsed = JSON.parse(new TextDecoder().decode(manifest)) as { exercise_type?: unknown };
    return parsed.exercise_type === 'part-writing';
  } catch {
    return false;
  }
}

/** Where each chord starts: measure (the score's numbers, from the first one's), beat from 1 in the measure's meter, onset in quarter notes. */
export function chordPlaces(exercise: Pick<PartWritingExercise, 'meter' | 'chords' | 'pickup' | 'first_measure'>) {
  const first = exercise.first_measure ?? 1;
  const barred = exerciseMeasures(exercise);
  const places: { measure: number; beat: number; onset: number }[] = [];
  if ('crossing' in barred) {
    // Chords over a barline (no score bars them so): counted on in the opening meter.
    const [beats, unit] = exercise.meter.split('/').map(Number) as [number, number];
    const measureQuarters = (beats * 4) / unit;
    const lead = exercise.pickup === undefined ? 0 : measureQuarters - exercise.pickup;
    let onset = 0;
    for (const chord of exercise.chords) {
      const index = Math.floor((onset + lead) / measureQuarters + 1e-9);
      places.push({ measure: first + index, beat: ((onset + lead - index * measureQuarters) * unit) / 4 + 1, onset });
      onset += chord.beats;
    }
    return places;
  }
  let onset = 0;
  barred.measures.forEach((measure, m) => {
    const [, unit] = measure.meter.split('/').map(Number) as [number, number];
    const full = meterQuarters(measure.meter) ?? measure.capacity;
    // A pickup is the end of a measure (a chorale's measure 0 on its last beat).
    let at = m === 0 && exercise.pickup !== undefined ? full - exercise.pickup : 0;
    for (const index of measure.chords) {
      places.push({ measure: first + m, beat: (at * unit) / 4 + 1, onset });
      const beats = exercise.chords[index]?.beats ?? 0;
      at += beats;
      onset += beats;
    }
  });
  return places;
}

/** What a student is shown of an exercise: everything but the model solution (which the student copy does not hold anyway). */
export function studentView(exercise: PartWritingExercise) {
  const settings = ruleSettings(exercise);
  return {
    key: exercise.key,
    meter: exercise.meter,
    style: exercise.style,
    given: [...exercise.given],
    write: [...exercise.write],
    chords: exercise.chords.map((chord, index) => ({
      id: chordItemId(index),
      ...(chord.numeral !== undefined ? { numeral: chord.numeral } : {}),
      ...(chord.figures !== undefined ? { figures: chord.figures } : {}),
      beats: chord.beats,
      // A phrase's end (a fermata) and a change of metre, as the exercise has them (issue 35).
      ...(chord.phrase_end ? { phrase_end: true } : {}),
      ...(chord.meter !== undefined ? { meter: chord.meter } : {}),
      ...Object.fromEntries(VOICES.filter((v) => chord[v] !== undefined).map((v) => [v, chord[v] as string])),
    })),
    rules: settings,
    ...(exercise.ranges ? { ranges: exercise.ranges as Partial<Record<Voice, [string, string]>> } : {}),
    points: exercise.points,
    ...(exercise.pickup !== undefined ? { pickup: exercise.pickup } : {}),
    ...(exercise.first_measure !== undefined ? { first_measure: exercise.first_measure } : {}),
  };
}

export type AnswerRefusal = { index: number; problem: AnswerProblem | { kind: 'unknown' } };

/** The workspace's answers as written voices; the first answer that cannot be read is refused with its index. */
export function writtenFromAnswers(
  exercise: PartWritingExercise,
  answers: readonly { id: string; answer: string }[],
): { written: WrittenVoices } | { refusal: AnswerRefusal } {
  const chords: WrittenChord[] = exercise.chords.map(() => ({}));
  for (const [index, entry] of answers.entries()) {
    const chord = chordIndexOf(entry.id);
    if (chord === undefined || chord >= exercise.chords.length) return { refusal: { index, problem: { kind: 'unknown' } } };
    // Each voice's line must fill its chord (issue 35): a line that does not is refused with its sentence.
    const read = readAnswer(entry.answer, exercise.write, exercise.chords[chord]?.beats);
    if ('problem' in read) return { refusal: { index, problem: read.problem } };
    chords[chord] = read.chord;
  }
  return { written: { chords } };
}

export type PartWritingResult = GradeResult & {
  part_writing: { findings: GradedFinding[]; unwritten: number[]; unwritten_cost: number; write: Voice[] };
};

/**
 * The grade of written voices as the submissions table keeps it: one item per chord (its answer
 * text; `correct` when no finding touches the chord; `expected` always empty, a model solution
 * is never part of a grade) and the findings with what each cost.
 */
export function partWritingResult(exercise: PartWritingExercise, written: WrittenVoices, language: Language = 'en'): PartWritingResult {
  const grade = gradePartWriting(exercise, written, language);
  const places = chordPlaces(exercise);
  const marked = new Set([...grade.unwritten, ...grade.findings.flatMap((f) => f.chords)]);
  const percent = grade.max === 0 ? 0 : Math.round((grade.score / grade.max) * 10_000) / 100;
  return {
    items: exercise.chords.map((_, index) => {
      const place = places[index] as { measure: number; beat: number };
      return {
        id: chordItemId(index),
        measure: place.measure,
        beat: place.beat,
        answer: answerText(written.chords[index] ?? {}, exercise.write),
        expected: '',
        correct: !marked.has(index),
        points: 0,
        max_points: 0,
      };
    }),
    key: exercise.key,
    points: grade.score,
    max_points: grade.max,
    percent,
    grade: letterGrade(percent),
    part_writing: { findings: grade.findings, unwritten: grade.unwritten, unwritten_cost: grade.unwrittenCost, write: [...exercise.write] },
  };
}

/** True when a stored grade is a part-writing one. */
export function isPartWritingResult(result: GradeResult): result is PartWritingResult {
  return 'part_writing' in result && typeof (result as PartWritingResult).part_writing === 'object';
}

/** The score of a submission: the given voices and every voice the student wrote out in full. */
export function submissionScore(doc: PartWritingDocument): string {
  if (!doc.voices) throw new HarError(har('submissionEntryMissing', { name: 'voices.json' }));
  const voices = doc.voices;
  const complete = doc.exercise.write.filter((v) => doc.exercise.chords.every((_, i) => voices.chords[i]?.[v] !== undefined));
  const given = VOICES.filter((v) => doc.exercise.given.includes(v) || complete.includes(v));
  return partWritingScore(doc.manifest.title, {
    key: doc.exercise.key,
    meter: doc.exercise.meter,
    pickup: doc.exercise.pickup,
    first_measure: doc.exercise.first_measure,
    given,
    chords: doc.exercise.chords.map((chord, i) => ({ ...chord, ...Object.fromEntries(complete.map((v) => [v, voices.chords[i]?.[v]])) })),
  });
}

/** A hand-in file's JSON entries stop unpacking at 1 MB (200 chords of four voices are about 20 KB). */
const MAX_HAND_IN_ENTRY_BYTES = 1024 * 1024;

/** What a part-writing hand-in file is read for: its manifest's few fields and its voices.json as parsed JSON, nothing else. */
export type PartWritingHandInFile = {
  kind: unknown;
  exerciseType: unknown;
  documentKey: unknown;
  /** voices.json parsed, or undefined when missing or not JSON. */
  voices: unknown;
};

/**
 * Reads a student's part-writing `.har` for its answers only (issue 27): the manifest and
 * `voices.json`, each at most 1 MB; the score, `part-writing.json` (the given voices, figures and
 * rule settings) and anything else in the file are never unpacked — the document's own copy is
 * what is graded. Throws HarError for a file that is not a readable archive or is too large.
 */
export function readPartWritingHandIn(bytes: Uint8Array): PartWritingHandInFile {
  const wanted = new Set([MANIFEST_ENTRY, VOICES_ENTRY]);
  const files = unzipWithLimits(bytes, {
    ...HAR_LIMITS,
    wanted: (name) => wanted.has(name),
    maxEntryBytes: () => ({
      bytes: MAX_HAND_IN_ENTRY_BYTES,
      refusal: () => new HarError(har('entryTooLarge', { size: '1 MB' }), 'too_large'),
    }),
  });
  const json = (name: string): unknown => {
    const entry = files.get(name);
    if (!entry) return undefined;
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(entry));
    } catch {
      return undefined;
    }
  };
  const manifest = json(MANIFEST_ENTRY);
  if (manifest === null || typeof manifest !== 'object') throw new HarError(har('entryMissing', { name: MANIFEST_ENTRY }));
  const fields = manifest as Record<string, unknown>;
  return { kind: fields.kind, exerciseType: fields.exercise_type, documentKey: fields.document_key, voices: json(VOICES_ENTRY) };
}

/** Why the voices of a hand-in file are refused; chords count from 1. */
export type HandInProblem =
  | { kind: 'no-voices' }
  | { kind: 'chord-count'; expected: number }
  | { kind: 'given-voice'; chord: number }
  | { kind: 'missing-voice'; chord: number }
  | { kind: 'pitch'; note: string }
  | { kind: 'midi'; note: string }
  /** A line whose values do not fill its chord, or that ties different pitches (issue 35). */
  | { kind: 'line'; note: string; problem: LineProblem };

/**
 * The voices of a hand-in file checked strictly against the server's exercise: one entry per
 * chord, every voice to write present (a file is finished work), no note for a given voice, each
 * a line (issue 35: a pitch lasting the chord, or notes and rests with values filling it) within MIDI. Only the voices to write are kept.
 */
export function writtenFromHandIn(exercise: PartWritingExercise, voices: unknown): { written: WrittenVoices } | { problem: HandInProblem } {
  const chords = voices !== null && typeof voices === 'object' ? (voices as { chords?: unknown }).chords : undefined;
  if (!Array.isArray(chords)) return { problem: { kind: 'no-voices' } };
  if (chords.length !== exercise.chords.length) return { problem: { kind: 'chord-count', expected: exercise.chords.length } };
  const written: WrittenChord[] = [];
  for (const [index, chord] of chords.entries()) {
    if (chord === null || typeof chord !== 'object' || Array.isArray(chord))
      return { problem: { kind: 'missing-voice', chord: index + 1 } };
    const notes = chord as Record<string, unknown>;
    if (exercise.given.some((v) => notes[v] !== undefined)) return { problem: { kind: 'given-voice', chord: index + 1 } };
    const mine: WrittenChord = {};
    for (const v of VOICES.filter((voice) => exercise.write.includes(voice))) {
      const note = notes[v];
      if (note === undefined || note === null || note === '') return { problem: { kind: 'missing-voice', chord: index + 1 } };
      const text = typeof note === 'string' ? note.trim().slice(0, 400) : JSON.stringify(note).slice(0, 20);
      if (typeof note !== 'string') return { problem: { kind: 'pitch', note: text } };
      // A line of notes and rests with their values (issue 35), or one pitch lasting the chord.
      const read = readLine(text, exercise.chords[index]?.beats ?? 1);
      if ('problem' in read) {
        const { problem } = read;
        if (problem.kind === 'pitch') {
          const pitch = parsePitch(problem.text);
          return { problem: { kind: pitch ? 'midi' : 'pitch', note: problem.text } };
        }
        return { problem: { kind: 'line', note: text, problem } };
      }
      mine[v] = text;
    }
    written.push(mine);
  }
  return { written: { chords: written } };
}
