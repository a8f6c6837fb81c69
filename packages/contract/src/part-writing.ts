import { z } from 'zod';
import { UploadedDocument } from './assignments.ts';
import { CheckProblemMessages, isChordBeats, MAX_CHORD_BEATS, MAX_CHORDS } from './part-writing/check.ts';
import { RULE_IDS, VOICES } from './part-writing/rules.ts';

/**
 * POST /api/part-writing/check (issue 27): the part-writing checker as an endpoint, for
 * instructors checking a model solution and for other tools. The checker itself is the pure
 * module `part-writing/check.ts`; what each rule means is docs/decisions/034-part-writing-checker.md.
 */

export const PartWritingMessages = {
  ...CheckProblemMessages,
  teachersOnly: 'Only instructors and TAs can check part writing.',
  tooManyChecks: 'Too many checks in a minute. Please wait a moment and try again.',
  chordVoices: (voices: string) => `Write one note for each voice to write (${voices}) in this order, "-" for one not written yet.`,
  // A part-writing .har handed in as a file (issue 27): only its voices are read.
  handInNoVoices: 'This file has no voices that can be read: hand in the .har saved from this part-writing exercise.',
  handInChordCount: (count: string) => `This exercise has ${count} chords; the voices in the file are for a different number of chords.`,
  handInGivenVoice: (chord: string) =>
    `Chord ${chord} of the file has a note for a given voice: write only the voices the exercise asks for.`,
  handInMissingVoice: (chord: string) =>
    `Chord ${chord} of the file is missing a voice to write: a file hands in every voice of every chord.`,
  // Create Exercise, the given voice typed (issue 27): what the save refuses, chord numbers from 1.
  voicesToWrite: 'The given voices and the voices to write must together be S, A, T and B, or S and B, with none in both.',
  givenNoteMissing: (chord: string) => `Chord ${chord} has no note for the given voice: type it before saving.`,
  notGivenVoice: (chord: string) => `Chord ${chord} has a note for a voice the students write: give only the given voice.`,
  badBeats: (chord: string) =>
    `Chord ${chord} must last a positive number of quarter notes in sixteenths of a quarter (0.25, 0.5, 1, 1.5 …), at most a measure.`,
  crossesBarline: (chord: string) =>
    `Chord ${chord} crosses the barline: a chord must end by the end of its measure. Shorten it or a chord before it.`,
  modelChordCount: 'The model solution must have one chord for each chord of the exercise.',
  modelMissing: (chord: string) =>
    `Chord ${chord} of the model solution leaves a voice empty: write every voice the students write, or clear the model.`,
  modelGivenVoice: (chord: string) => `Chord ${chord} of the model solution has a note for a given voice.`,
  // Create Exercise from a whole score (QA Q5): the given voices chosen in the upload's query.
  givenQuery: 'Choose the given voices as S, A, T or B, separated by commas, each once.',
  // A score with more lines than voices (five sung parts, instruments), issue 35: which line each voice is.
  partsQuery:
    "Choose the score's line for each voice as line numbers from 0 for S, A, T and B (or S and B), separated by commas, each line once.",
} as const;

/** The lengths typed part writing offers for a chord, in quarter notes (`typed.ts`); a chord of a score may last any `isChordBeats` length (issue 35). */
export const PART_WRITING_BEATS = [0.5, 1, 1.5, 2, 3, 4] as const;
export { isChordBeats, MAX_CHORD_BEATS } from './part-writing/check.ts';

/** The most characters of one voice's line in one chord (`D5:16+C#5:16+…`; part-writing/line.ts). */
export const MAX_LINE_LENGTH = 400;
/** Meters a part-writing exercise may have (the document's rule: "4/4", "3/4", "6/8" and the like). */
export const PART_WRITING_METER = /^\d{1,2}\/(2|4|8)$/;

/** Points of a new part-writing exercise until the instructor says otherwise (an upload's draft, a typed start). */
export const DEFAULT_EXERCISE_POINTS = 20;

/** Checks one account may ask for in a minute (per server instance). */
export const PART_WRITING_CHECKS_PER_MINUTE = 120;

/** One pitch (a range's end). */
const PitchName = z.string().max(12);
/** A voice's line in a chord (part-writing/line.ts): `D5`, `D5:8+C5:8`, `C5:4~`, `r`. */
const Note = z.string().max(MAX_LINE_LENGTH);
/** A chord's length in quarter notes: a positive multiple of 1/16 up to 16 (issue 35). */
const ChordBeats = z.number().refine(isChordBeats, { message: CheckProblemMessages.badChordBeats });

export const PartWritingChord = z.object({
  numeral: z.string().max(64).optional(),
  figures: z.string().max(40).optional(),
  /** Quarter notes (1 when not said): what each voice's line fills. */
  beats: ChordBeats.optional(),
  /** A phrase ends on this chord (a fermata): no motion rule runs from it to the next (issue 35). */
  phrase_end: z.boolean().optional(),
  /** A change of time signature starting at this chord ("3/4"); the exercise's meter is the opening one. */
  meter: z.string().max(8).optional(),
  S: Note.optional(),
  A: Note.optional(),
  T: Note.optional(),
  B: Note.optional(),
});
export type PartWritingChord = z.infer<typeof PartWritingChord>;

const Voice = z.enum(VOICES);
const RuleId = z.enum(RULE_IDS);

export const PartWritingCheckRequest = z.object({
  /** 'C major', 'a minor', 'F# major', 'bb minor' (or the key token of decision 031: 'C', 'a'). */
  key: z.string().max(40),
  meter: z.string().max(8).optional(),
  style: z.enum(['free', 'strict']).optional(),
  chords: z.array(PartWritingChord).max(MAX_CHORDS),
  /** Ranges an instructor widened, as two pitch names per voice. */
  ranges: z.partialRecord(Voice, z.tuple([PitchName, PitchName])).optional(),
  /** Rules turned off. */
  off: z.array(RuleId).max(RULE_IDS.length).optional(),
  /** Quarter notes of an opening pickup and the first measure's number (1 when not said): the measures and beats the sentences name (issue 38). */
  pickup: z.number().positive().max(MAX_CHORD_BEATS).optional(),
  first_measure: z.number().int().min(0).max(9999).optional(),
});
export type PartWritingCheckRequest = z.infer<typeof PartWritingCheckRequest>;

export const PartWritingFinding = z.object({
  rule: RuleId,
  /** 0-based: one chord, or [i, i+1] for motion, [i-1, i] for a seventh's preparation. */
  chords: z.array(z.number().int()),
  /** In S A T B order. */
  voices: z.array(Voice),
  /** The sentence in the reader's language. */
  message: z.string(),
  /** What the sentence is built from (chord numbers from 1), for the browser's own translation. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type PartWritingFinding = z.infer<typeof PartWritingFinding>;

export const PartWritingCheckResult = z.object({ findings: z.array(PartWritingFinding) });
export type PartWritingCheckResult = z.infer<typeof PartWritingCheckResult>;

/**
 * A part-writing document in the exercise workspace (issue 27): the given voices with their
 * numerals or figures, the voices the student writes, the key and meter, and the rule settings
 * the feedback follows. Never a model solution. Each chord's answer is `chord-<n>` with the voices
 * to write as pitch names in S A T B order (`D5 G4 B3`, `-` for a voice not written yet).
 */
export const PartWritingWorkspaceChord = z.object({
  id: z.string(),
  numeral: z.string().optional(),
  figures: z.string().optional(),
  /** Quarter notes. */
  beats: z.number(),
  /** A phrase ends on this chord (a fermata; issue 35). */
  phrase_end: z.boolean().optional(),
  /** A change of time signature starting at this chord. */
  meter: z.string().optional(),
  S: Note.optional(),
  A: Note.optional(),
  T: Note.optional(),
  B: Note.optional(),
});
export type PartWritingWorkspaceChord = z.infer<typeof PartWritingWorkspaceChord>;

export const PartWritingWorkspace = z.object({
  key: z.string(),
  meter: z.string(),
  style: z.enum(['free', 'strict']),
  given: z.array(Voice),
  write: z.array(Voice),
  /** Empty while a timed document waits for its Start. */
  chords: z.array(PartWritingWorkspaceChord),
  rules: z.record(RuleId, z.object({ on: z.boolean(), points: z.number() })),
  ranges: z.partialRecord(Voice, z.tuple([PitchName, PitchName])).optional(),
  points: z.number(),
  /** Quarter notes of an opening pickup measure, and the first measure's number when not 1 (a chorale's). */
  pickup: z.number().optional(),
  first_measure: z.number().int().optional(),
});
export type PartWritingWorkspace = z.infer<typeof PartWritingWorkspace>;

/** A finding of a handed-in part writing, with what it cost. */
export const PartWritingGradedFinding = PartWritingFinding.extend({ cost: z.number() });
export type PartWritingGradedFinding = z.infer<typeof PartWritingGradedFinding>;

/** A chord as authoring sends it: the given voices' lines, the numeral or figures, its length in quarter notes (required), a phrase end, a meter change. */
export const PartWritingAuthoredChord = PartWritingChord.extend({ beats: z.number() });
export type PartWritingAuthoredChord = z.infer<typeof PartWritingAuthoredChord>;

/** One voice of an uploaded score: which voice it is, its part's name as the score has it, and which voice of the part when the part holds two or more (two voices on a staff). */
export const ScoreVoice = z.object({ voice: Voice, part: z.string(), staff_voice: z.number().int().optional() });
export type ScoreVoice = z.infer<typeof ScoreVoice>;

/** A line of an uploaded score (every voice of every part, in score order) and the voice it is read as, if any (issue 35). */
export const ScoreLine = z.object({ part: z.string(), staff_voice: z.number().int().optional(), voice: Voice.optional() });
export type ScoreLine = z.infer<typeof ScoreLine>;

/** Which line of a score (an index into its `lines`) each voice is, as the instructor chose (issue 35). */
export const ScoreParts = z.partialRecord(Voice, z.number().int().min(0));
export type ScoreParts = z.infer<typeof ScoreParts>;

/**
 * POST /api/exercise-drafts/part-writing?course_id= (Create Exercise, issue 27): what an uploaded
 * MusicXML with the given voice and `<figured-bass>` or numerals reads as, with the voices that are
 * not given to write, every rule's default setting and default points; nothing is stored.
 */
export const PartWritingDraft = z.object({
  title: z.string(),
  key: z.string(),
  meter: z.string(),
  style: z.enum(['free', 'strict']),
  given: z.array(Voice),
  write: z.array(Voice),
  chords: z.array(PartWritingAuthoredChord),
  rules: z.record(RuleId, z.object({ on: z.boolean(), points: z.number() })),
  points: z.number(),
  /** Quarter notes of the score's opening pickup measure, when it has one. */
  pickup: z.number().optional(),
  /** The score's number of its first measure, when not 1 (a chorale's pickup is measure 0). */
  first_measure: z.number().int().optional(),
  /** A whole score's given voices chosen (QA Q5): its other voices where each chord begins, the model solution to start from. */
  model: z.object({ chords: z.array(z.partialRecord(Voice, Note)) }).optional(),
  /** A whole score's voices, which the given ones were chosen from (to choose again). */
  voices: z.array(ScoreVoice).optional(),
  /** Every line of a whole score with the voice it is read as (issue 35: five sung parts, instruments left out). */
  lines: z.array(ScoreLine).optional(),
  /** The lines the instructor chose for the voices, when they chose (sent again as `parts`). */
  parts: ScoreParts.optional(),
  /** The key the score's signature names when the music is in another (a Dorian signature, issue 35); `key` is the music's. */
  signature_key: z.string().optional(),
});
export type PartWritingDraft = z.infer<typeof PartWritingDraft>;

/**
 * What an upload of a whole score (a chorale: three voices or more, or two that do not move
 * together) answers when no given voices were chosen: its voices, to choose the given ones from;
 * the same file sent again with `?given=B` (or `S`, `S,B` …) answers the draft (QA Q5).
 */
export const PartWritingVoiceChoice = z.object({
  title: z.string(),
  choose: z.array(ScoreVoice),
  /** Every line of the score with the voice it is read as (issue 35); a line without a voice is left out. */
  lines: z.array(ScoreLine).optional(),
  /** True when the instructor must say which line is which voice (five sung parts, unnamed lines): sent again with `parts`. */
  unclear: z.boolean().optional(),
});
export type PartWritingVoiceChoice = z.infer<typeof PartWritingVoiceChoice>;

/** POST /api/exercise-drafts/part-writing answers a draft, or a whole score's voices to choose the given ones from. */
export const PartWritingUpload = z.union([PartWritingDraft, PartWritingVoiceChoice]);
export type PartWritingUpload = z.infer<typeof PartWritingUpload>;

/** The upload's query: the course, and (a whole score's) given voices chosen, `S,B`. */
export const PartWritingDraftQuery = z.object({
  course_id: z.coerce.number().int().positive({ message: 'Give the course id.' }),
  given: z
    .string()
    .max(7, { message: PartWritingMessages.givenQuery })
    .refine((text) => /^[SATB](,[SATB]){0,3}$/.test(text) && new Set(text.split(',')).size === text.split(',').length, {
      message: PartWritingMessages.givenQuery,
    })
    .optional(),
  /** Which line of the score each voice is, as line indexes for S, A, T, B (or S, B): `1,2,3,4` (issue 35). */
  parts: z
    .string()
    .max(40, { message: PartWritingMessages.partsQuery })
    .refine(
      (text) => {
        const list = text.split(',');
        return (
          /^\d{1,2}(,\d{1,2}){1,3}$/.test(text) &&
          (list.length === 2 || list.length === 4) &&
          new Set(list.map(Number)).size === list.length
        );
      },
      { message: PartWritingMessages.partsQuery },
    )
    .optional(),
});
export type PartWritingDraftQuery = z.infer<typeof PartWritingDraftQuery>;

/**
 * POST /api/part-writing/exercises: the exercise the instructor confirmed, saved as a `.har` into a
 * set and/or the instructor's own library section ("My exercises"), as Create Exercise saves an
 * analysis exercise (issue 27), refused without either ("Choose an assignment set, your library, or
 * both.", checked by the service: exercise-authoring.ts, which holds the sentence, imports this
 * module). `model` is an optional model solution (every voice to write in every chord): kept in
 * the teacher's files, never in a student's copy.
 */
export const SavePartWritingRequest = z.object({
  title: z.string().trim().min(1).max(200),
  assignment_set_id: z.number().int().positive().optional(),
  add_to_library: z.boolean().optional(),
  key: z.string().max(40),
  meter: z.string().max(8),
  style: z.enum(['free', 'strict']).optional(),
  given: z.array(Voice).max(4),
  write: z.array(Voice).max(4),
  chords: z.array(PartWritingAuthoredChord).max(MAX_CHORDS),
  rules: z.partialRecord(RuleId, z.object({ on: z.boolean(), points: z.number().min(0).max(1000) })).optional(),
  ranges: z.partialRecord(Voice, z.tuple([PitchName, PitchName])).optional(),
  points: z.number().min(0).max(10_000),
  /** The score's opening pickup in quarter notes and its first measure's number (an upload's, kept as read). */
  pickup: z.number().positive().max(12).optional(),
  first_measure: z.number().int().min(0).max(9999).optional(),
  model: z.object({ chords: z.array(z.partialRecord(Voice, Note)).max(MAX_CHORDS) }).optional(),
});
export type SavePartWritingRequest = z.infer<typeof SavePartWritingRequest>;

const LibraryDocumentRef = z.object({ id: z.number().int(), title: z.string() });

/**
 * What the save answers: the document made in the set (as an upload answers it) with the library
 * copy beside it when one was made, or only the library copy when no set was named.
 */
export const SavedPartWriting = z.union([
  UploadedDocument.extend({ library_document: LibraryDocumentRef.nullable() }),
  z.object({ library_document: LibraryDocumentRef }),
]);
export type SavedPartWriting = z.infer<typeof SavedPartWriting>;
