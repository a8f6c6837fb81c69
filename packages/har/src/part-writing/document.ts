import { har } from '@app/contract/har-messages';
import { PART_WRITING_METER } from '@app/contract/part-writing';
import { MAX_METER_BEATS, meterBeatsInRange } from '@app/contract/part-writing/check';
import { chordOfLabel, parseFigures } from '@app/contract/part-writing/chords';
import { isSinglePitch, readLine } from '@app/contract/part-writing/line';
import { RULE_IDS, VOICES, type Voice } from '@app/contract/part-writing/rules';
import { midi, parseKey, parsePitch } from '@app/contract/part-writing/theory';
import { ruleSettings as contractRuleSettings, type RuleSettings } from '@app/contract/part-writing/written';
import { zipSync } from 'fflate';
import { z } from 'zod';
import { MANIFEST_ENTRY, Manifest, SCORE_ENTRY } from '../format.ts';
import { HarError } from '../har-error.ts';
import { assertMusicXml } from '../musicxml-check.ts';
import { HAR_LIMITS, unzipWithLimits } from '../safe-unzip.ts';
import { partWritingScore } from './score.ts';

/**
 * The part-writing `.har` (issue 27): four-part (or outer-voice) writing, note against note.
 *
 * - `manifest.json`: as every `.har`, with `exercise_type: "part-writing"` (the analysis reader,
 *   `readHar`, refuses it: a part-writing document never enters the analysis pipeline by mistake).
 * - `score.musicxml`: the given voices with the figures (figured bass) or numerals (harmony),
 *   written from `part-writing.json` (`partWritingScore`).
 * - `part-writing.json`: the key, meter, style, which voices are given and which the student writes,
 *   the chords (numeral or figures, beats, the given voices' notes), the rule settings (each rule on
 *   or off and the points an error costs) and the exercise's points.
 * - `model.json` (exercises, optional): a model solution, the voices to write chord by chord. Like an
 *   answer key, it never reaches a student: `partWritingStudentCopy` leaves the entry out.
 * - `voices.json` (submissions): what the student wrote, chord by chord.
 */

export const PART_WRITING_ENTRY = 'part-writing.json';
export const MODEL_ENTRY = 'model.json';
export const VOICES_ENTRY = 'voices.json';
export const PART_WRITING_MAX_CHORDS = 400;

export const PartWritingManifest = Manifest.extend({
  exercise_type: z.literal('part-writing', { error: 'exercise_type must be "part-writing"' }),
});
export type PartWritingManifest = z.infer<typeof PartWritingManifest>;

const note = z.string({ error: 'has a note that is not text' }).refine((text) => parsePitch(text) !== undefined, {
  error: 'has a note that is not a pitch such as C4, F#3 or Bb2',
});
const Voice_ = z.enum(VOICES, { error: 'names a voice other than S, A, T or B' });

/**
 * A voice's text in a chord (issue 35): a pitch lasting the chord (`D5`, as every document before
 * it), or a line of notes and rests with their values (`D5:8+C5:8`, `r`, `C5:4~`, contract
 * part-writing/line.ts). Whether its values fill its chord is checked where the chord is known.
 */
const lineShape = /^(?:[^\s:+~]+(?::[^\s:+~]+)?~?)(?:\+[^\s:+~]+(?::[^\s:+~]+)?~?)*$/u;
const line = z
  .string({ error: 'has a note that is not text' })
  .max(400, { error: 'has a voice longer than 400 characters' })
  .refine((text) => lineShape.test(text.trim()) && (parsePitch(text) !== undefined || !isSinglePitch(text)), {
    error: 'has a note that is not a pitch such as C4, F#3 or Bb2',
  })
  .refine(
    (text) =>
      text.split('+').every((event) => {
        const pitch = parsePitch(event.split(/[:~]/)[0] ?? '');
        return pitch === undefined || (midi(pitch) >= 0 && midi(pitch) <= 127);
      }),
    { error: 'has a note outside the MIDI range (C-1 to G9)' },
  );

const Notes = z.object({ S: line.optional(), A: line.optional(), T: line.optional(), B: line.optional() }, { error: 'is not an object' });
type Notes = z.infer<typeof Notes>;

/** A sixteenth of a quarter note: a chord lasts a whole number of them (issue 35: any rhythm a chorale has). */
const BEAT_GRAIN = 1 / 16;

/** What is wrong with a voice's text in a chord of `beats`, as a document sentence; undefined when it is a line that fills the chord. */
function lineIssue(text: string, beats: number): string | undefined {
  const read = readLine(text, beats);
  if ('events' in read) return undefined;
  const problem = read.problem;
  if (problem.kind === 'pitch') {
    const pitch = parsePitch(problem.text);
    return pitch && (midi(pitch) < 0 || midi(pitch) > 127)
      ? 'has a note outside the MIDI range (C-1 to G9)'
      : 'has a note that is not a pitch such as C4, F#3 or Bb2';
  }
  if (problem.kind === 'length') return `has notes lasting ${Number(problem.written.toFixed(4))} beats in a chord of ${beats}`;
  if (problem.kind === 'tie') return `has a tie between different pitches (${problem.text})`;
  return `has "${problem.text}", which is not a note or rest with its value such as D5:8 or r:4`;
}

const GivenChord = z
  .object({ S: line.optional(), A: line.optional(), T: line.optional(), B: line.optional() }, { error: 'is not an object' })
  .extend({
    numeral: z.string({ error: 'has a numeral that is not text' }).max(64, { error: 'has a numeral longer than 64 characters' }).optional(),
    figures: z.string({ error: 'has figures that are not text' }).max(40, { error: 'has figures longer than 40 characters' }).optional(),
    beats: z
      .number({ error: 'has beats that are not a number' })
      .refine(
        (beats) => beats > 0 && beats <= MAX_METER_BEATS * 4 && Math.abs(Math.round(beats / BEAT_GRAIN) * BEAT_GRAIN - beats) < 1e-9,
        {
          error: 'has beats that are not a positive number of sixteenths of a quarter note',
        },
      )
      .default(1),
    /** A fermata: the phrase ends at this chord, and no motion rule runs from it to the next. */
    phrase_end: z.boolean({ error: 'has phrase_end that is not true or false' }).optional(),
    /** A change of time signature starting at this chord. */
    meter: z
      .string({ error: 'has a meter that is not text' })
      .regex(PART_WRITING_METER, { error: 'has a meter that is not such as "4/4" or "6/8"' })
      .refine(meterBeatsInRange, { error: `has a meter that does not count 1 to ${MAX_METER_BEATS} beats in a measure` })
      .optional(),
  });

const RuleSetting = z.object(
  {
    on: z.boolean({ error: 'has "on" that is not true or false' }),
    points: z
      .number({ error: 'has points that are not a number' })
      .min(0, { error: 'has negative points' })
      .max(1000, { error: 'has more than 1000 points' }),
  },
  { error: 'is not an object' },
);

export const PartWritingExercise = z
  .object({
    key: z
      .string({ error: 'key must be text' })
      .refine((text) => parseKey(text) !== undefined, { error: 'key must be a key such as "C major" or "a minor"' }),
    meter: z
      .string({ error: 'meter must be text' })
      .regex(PART_WRITING_METER, { error: 'meter must be such as "4/4" or "6/8"' })
      .refine(meterBeatsInRange, { error: `meter must count 1 to ${MAX_METER_BEATS} beats in a measure` }),
    style: z.enum(['free', 'strict'], { error: 'style must be "free" or "strict"' }).default('free'),
    given: z.array(Voice_, { error: 'given must be a list of voices' }).min(1, { error: 'given names no voice' }),
    write: z.array(Voice_, { error: 'write must be a list of voices' }).min(1, { error: 'write names no voice' }),
    chords: z
      .array(GivenChord, { error: 'chords must be a list' })
      .min(1, { error: 'has no chords' })
      .max(PART_WRITING_MAX_CHORDS, { error: `has more than ${PART_WRITING_MAX_CHORDS} chords` }),
    rules: z.partialRecord(z.enum(RULE_IDS, { error: 'names an unknown rule' }), RuleSetting).default({}),
    ranges: z.partialRecord(Voice_, z.tuple([note, note])).optional(),
    points: z
      .number({ error: 'points must be a number' })
      .min(0, { error: 'points are negative' })
      .max(10_000, { error: 'points are more than 10000' }),
    /** Quarter notes in an opening measure shorter than the meter (a pickup, as a chorale opens); the chords fill it first. */
    pickup: z
      .number({ error: 'pickup must be a number' })
      .refine((beats) => beats > 0 && Number.isInteger(beats * 2), { error: 'pickup must be a positive number of half quarter notes' })
      .optional(),
    /** The number of the first measure (a score's own: a chorale's pickup is measure 0); 1 when not said. */
    first_measure: z
      .number({ error: 'first_measure must be a number' })
      .int({ error: 'first_measure must be a whole number' })
      .min(0, { error: 'first_measure is negative' })
      .max(9999, { error: 'first_measure is more than 9999' })
      .optional(),
  })
  .superRefine((exercise, ctx) => {
    if (exercise.pickup !== undefined && PART_WRITING_METER.test(exercise.meter)) {
      const [beats, unit] = exercise.meter.split('/').map(Number);
      if (exercise.pickup >= ((beats ?? 4) * 4) / (unit ?? 4))
        ctx.addIssue({ code: 'custom', path: ['pickup'], message: 'pickup must be shorter than a measure of the meter' });
    }
    const voices = [...exercise.given, ...exercise.write];
    const sorted = VOICES.filter((v) => voices.includes(v)).join('');
    if (voices.length !== new Set(voices).size || (sorted !== 'SATB' && sorted !== 'SB')) {
      ctx.addIssue({
        code: 'custom',
        path: ['write'],
        message: 'given and write must share no voice and together be S, A, T and B, or S and B',
      });
    }
    let running = parseKey(exercise.key);
    // Each issue names its field (the voice, numeral or figures of a chord), so a form can show it there.
    exercise.chords.forEach((chord, index) => {
      for (const v of VOICES) {
        const text = chord[v];
        if ((text !== undefined) !== exercise.given.includes(v))
          ctx.addIssue({ code: 'custom', path: ['chords', index, v], message: 'has notes for other voices than the given ones' });
        const issue = text === undefined ? undefined : lineIssue(text, chord.beats);
        if (issue !== undefined) ctx.addIssue({ code: 'custom', path: ['chords', index, v], message: issue });
      }
      if (chord.numeral !== undefined && running) {
        const read = chordOfLabel(chord.numeral, running);
        if (!read)
          ctx.addIssue({
            code: 'custom',
            path: ['chords', index, 'numeral'],
            message: `has "${chord.numeral}", which is not a Roman numeral`,
          });
        else running = read.key;
      }
      if (chord.figures !== undefined && parseFigures(chord.figures) === undefined) {
        ctx.addIssue({ code: 'custom', path: ['chords', index, 'figures'], message: `has "${chord.figures}", which are not figures` });
      }
    });
    for (const [voice, range] of Object.entries(exercise.ranges ?? {})) {
      const [low, high] = (range ?? []).map((text) => parsePitch(text));
      if (low && high && midi(low) > midi(high))
        ctx.addIssue({ code: 'custom', path: ['ranges', voice], message: `has the range of ${voice} upside down` });
    }
  });
export type PartWritingExercise = z.infer<typeof PartWritingExercise>;
export type PartWritingExerciseInput = z.input<typeof PartWritingExercise>;

/** The voices written chord by chord: a model solution, or a student's work (a note may be missing while unfinished). */
export const WrittenVoices = z.object({
  chords: z
    .array(Notes, { error: 'chords must be a list' })
    .max(PART_WRITING_MAX_CHORDS, { error: `has more than ${PART_WRITING_MAX_CHORDS} chords` }),
});
export type WrittenVoices = z.infer<typeof WrittenVoices>;

export type PartWritingDocument = {
  manifest: PartWritingManifest;
  score: string;
  exercise: PartWritingExercise;
  /** Exercises only, never in a student copy. */
  model?: WrittenVoices;
  /** Submissions only. */
  voices?: WrittenVoices;
};

/** The points each rule costs in an exercise, and whether it is on: the exercise's settings over the defaults. */
export function ruleSettings(exercise: Pick<PartWritingExercise, 'rules' | 'style'>): RuleSettings {
  return contractRuleSettings(exercise);
}

/** A new part-writing exercise: its score written from the given voices. Throws HarError naming what is wrong. */
export function partWritingExercise(title: string, input: PartWritingExerciseInput, model?: WrittenVoices): PartWritingDocument {
  const exercise = validate(PART_WRITING_ENTRY, PartWritingExercise, input);
  const doc: PartWritingDocument = {
    manifest: { format: 'har', version: 1, kind: 'exercise', title, exercise_type: 'part-writing' },
    score: givenVoicesScore(title, exercise),
    exercise,
  };
  if (model) doc.model = checkedWritten(MODEL_ENTRY, exercise, model, true);
  return doc;
}

/**
 * The score of an exercise as `part-writing.json` gives it: the given voices with their figures or
 * numerals, written by `partWritingScore`. What students get and every preview are drawn from it,
 * never from an uploaded `score.musicxml` as it is, which a hand-made file may have written the
 * model's voices into (issue 40).
 */
export function givenVoicesScore(title: string, exercise: PartWritingExercise): string {
  return partWritingScore(title, exercise);
}

/** What a student may have: manifest, the given voices' score and the exercise, never the model solution. */
export function partWritingStudentCopy(doc: PartWritingDocument): PartWritingDocument {
  if (doc.manifest.kind !== 'exercise') throw new HarError(har('onlyExerciseCopy'));
  return { manifest: doc.manifest, score: givenVoicesScore(doc.manifest.title, doc.exercise), exercise: doc.exercise };
}

/** A student's hand-in of an exercise: the exercise as given and what they wrote. */
export function partWritingSubmission(exercise: PartWritingDocument, voices: WrittenVoices): PartWritingDocument {
  return {
    manifest: { ...exercise.manifest, kind: 'submission' },
    score: exercise.score,
    exercise: exercise.exercise,
    voices: checkedWritten(VOICES_ENTRY, exercise.exercise, voices, false),
  };
}

/** Something that does not fit in a document's entry, at its path in the entry (`['chords', 2, 'B']`). */
export type DocumentIssue = { path: (string | number)[]; message: string };

/** Where written voices do not fit the exercise: one entry per chord, only the voices to write, every one of them when `complete`. */
function writtenIssues(
  exercise: { chords: readonly { beats?: unknown }[]; write: readonly Voice[] },
  voices: WrittenVoices,
  complete: boolean,
): DocumentIssue[] {
  if (voices.chords.length !== exercise.chords.length)
    return [{ path: [], message: `has ${voices.chords.length} chords; the exercise has ${exercise.chords.length}` }];
  return voices.chords.flatMap((chord, index) =>
    VOICES.flatMap((v): DocumentIssue[] => {
      if (chord[v] !== undefined && !exercise.write.includes(v))
        return [{ path: ['chords', index, v], message: `has a note for ${v}, which is given` }];
      if (complete && chord[v] === undefined && exercise.write.includes(v))
        return [{ path: ['chords', index, v], message: `has no note for ${v}` }];
      const text = chord[v];
      const beats = exercise.chords[index]?.beats ?? 1;
      const issue = text === undefined || typeof beats !== 'number' ? undefined : lineIssue(text, beats);
      return issue === undefined ? [] : [{ path: ['chords', index, v], message: issue }];
    }),
  );
}

/** Written voices fit the exercise: one entry per chord, only the voices to write, real pitches. */
function checkedWritten(name: string, exercise: PartWritingExercise, written: WrittenVoices, complete: boolean): WrittenVoices {
  const voices = validate(name, WrittenVoices, written);
  const [issue] = writtenIssues(exercise, voices, complete);
  if (issue)
    throw new HarError(
      issue.path.length === 0 ? `${name} ${issue.message}.` : `${name}: chord ${Number(issue.path[1]) + 1} ${issue.message}.`,
    );
  return voices;
}

/**
 * The document's check of a new exercise (what `partWritingExercise` refuses), every issue with its
 * path instead of the first as a HarError: the exercise's fields as in `part-writing.json`, the model
 * solution's under `model` (checked against the chords and voices to write once they are readable).
 * Empty when the exercise can be written. Create Exercise shows each issue at its field.
 */
export function partWritingExerciseIssues(input: PartWritingExerciseInput, model?: unknown): DocumentIssue[] {
  const parsed = PartWritingExercise.safeParse(input);
  const issues: DocumentIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
  if (model !== undefined) {
    const voices = WrittenVoices.safeParse(model);
    const inModel = voices.success
      ? Array.isArray(input.chords) && Array.isArray(input.write)
        ? writtenIssues({ chords: input.chords, write: input.write }, voices.data, true)
        : []
      : voices.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
    issues.push(...inModel.map((i) => ({ path: ['model', ...i.path], message: i.message })));
  }
  return issues;
}

/** Writes a part-writing document as a `.har`; the same document always gives the same bytes. */
export function writePartWritingHar(doc: PartWritingDocument): Uint8Array {
  const manifest = validate(MANIFEST_ENTRY, PartWritingManifest, doc.manifest);
  assertMusicXml(doc.score, SCORE_ENTRY);
  const encoder = new TextEncoder();
  const json = (value: unknown) => encoder.encode(`${JSON.stringify(value, null, 2)}\n`);
  const options = { mtime: new Date(2020, 0, 1), level: 6 as const };
  const entries: Record<string, [Uint8Array, typeof options]> = {
    [MANIFEST_ENTRY]: [json(manifest), options],
    [SCORE_ENTRY]: [encoder.encode(doc.score), options],
    [PART_WRITING_ENTRY]: [json(validate(PART_WRITING_ENTRY, PartWritingExercise, doc.exercise)), options],
  };
  if (manifest.kind === 'exercise' && doc.model)
    entries[MODEL_ENTRY] = [json(checkedWritten(MODEL_ENTRY, doc.exercise, doc.model, true)), options];
  if (manifest.kind === 'submission') {
    if (!doc.voices) throw new HarError(har('submissionEntryMissing', { name: VOICES_ENTRY }));
    entries[VOICES_ENTRY] = [json(checkedWritten(VOICES_ENTRY, doc.exercise, doc.voices, false)), options];
  }
  const bytes = zipSync(entries);
  if (bytes.length > HAR_LIMITS.maxArchiveBytes) throw new HarError(har('archiveTooLarge', { size: '20 MB' }), 'too_large');
  return bytes;
}

/** Reads a part-writing `.har`. Throws HarError naming the first thing that is wrong. */
export function readPartWritingHar(bytes: Uint8Array): PartWritingDocument {
  const files = unzipWithLimits(bytes, HAR_LIMITS);
  const manifest = parseEntry(files, MANIFEST_ENTRY, PartWritingManifest);
  if (!manifest) throw new HarError(har('entryMissing', { name: MANIFEST_ENTRY }));
  const scoreBytes = files.get(SCORE_ENTRY);
  if (!scoreBytes) throw new HarError(har('entryMissing', { name: SCORE_ENTRY }));
  const score = new TextDecoder('utf-8').decode(scoreBytes);
  assertMusicXml(score, SCORE_ENTRY);
  const exercise = parseEntry(files, PART_WRITING_ENTRY, PartWritingExercise);
  if (!exercise) throw new HarError(har('entryMissing', { name: PART_WRITING_ENTRY }));
  const doc: PartWritingDocument = { manifest, score, exercise };
  if (manifest.kind === 'exercise') {
    const model = parseEntry(files, MODEL_ENTRY, WrittenVoices);
    if (model) doc.model = checkedWritten(MODEL_ENTRY, exercise, model, true);
  } else {
    const voices = parseEntry(files, VOICES_ENTRY, WrittenVoices);
    if (!voices) throw new HarError(har('submissionEntryMissing', { name: VOICES_ENTRY }));
    doc.voices = checkedWritten(VOICES_ENTRY, exercise, voices, false);
  }
  return doc;
}

function parseEntry<T>(files: Map<string, Uint8Array>, name: string, schema: z.ZodType<T>): T | undefined {
  const bytes = files.get(name);
  if (!bytes) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HarError(har('entryNotJson', { name }));
  }
  return validate(name, schema, value);
}

function validate<T>(name: string, schema: z.ZodType<T, unknown>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = (issue?.message ?? 'is not valid').replace(/\.$/, '');
  const [first, second] = issue?.path ?? [];
  if (first === 'chords' && typeof second === 'number') throw new HarError(`${name}: chord ${second + 1} ${message}.`);
  throw new HarError(`${name}: ${message}.`);
}

export type { Notes as WrittenChord, Voice };
