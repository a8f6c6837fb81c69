import { z } from 'zod';
import { CourseDocument, RemovedAnalysis } from './assignments.ts';
import { asciiSigns, KEYED_LABEL_MAX_LENGTH, parseKey, parseKeyedLabel } from './keyed-label.ts';
import { PlaybackNote } from './workspace.ts';

/**
 * Exercise authoring (issue 14): an instructor uploads a score, gets its analysis
 * positions with a suggested Roman numeral each (a help to confirm, never a key), and
 * saves the key they confirmed as a `.har` into an assignment set, their own section
 * of the content library, or both.
 */

export const AUTHORING_MAX_ANSWERS = 8;
export const AUTHORING_MAX_ITEMS = 500;
/** An answer may name keys and be a pivot ('f#: viio6/5/V = E: vii/o4/3/iv'): as long as a keyed label may be. */
export const AUTHORING_MAX_ANSWER_LENGTH = KEYED_LABEL_MAX_LENGTH;

export const AuthoringMessages = {
  noFile: 'Choose a MusicXML file (.musicxml, .xml or .mxl).',
  tooLarge: 'The file is larger than 20 MB.',
  draftNotFound: 'This exercise draft does not exist or has expired.',
  noDestination: 'Choose an assignment set, your library, or both.',
  noItems: 'Give at least one chord an answer.',
  unknownPosition: 'This item is not one of the score’s chords.',
  repeatedPosition: 'Each chord can be keyed only once.',
  notALabel: (answer: string) => `"${answer}" is not a Roman numeral.`,
  noAnswers: 'Give each chord at least one answer.',
  notAKey: 'The opening key must be a key such as "A", "f#" or "Bb".',
} as const;

/**
 * The exercise's opening key (decision 031): the key every label without one is read in, shown to
 * the student. Optional: without it the exercise is a one-key exercise graded as before.
 */
export const OpeningKey = z
  .string()
  .trim()
  .refine((key) => parseKey(key) !== undefined, { message: AuthoringMessages.notAKey })
  // Kept as its ASCII token ('Ｅ' typed full-width is stored 'E').
  .transform(asciiSigns);

export const DraftKey = z.object({
  name: z.string(),
  tonic: z.string(),
  mode: z.enum(['major', 'minor']),
  fifths: z.number().int(),
  /** Whether the key signature told the major-or-minor choice apart from the music, or the music alone found the key. */
  source: z.enum(['signature', 'music']),
  /** The key as labels name it (decision 031): 'A', 'f#', 'Bb'. */
  token: z.string(),
});

export type DraftKey = z.infer<typeof DraftKey>;

export const DraftPosition = z.object({
  id: z.string(),
  /** 1, 2, … in score order: the fields are 'Answer for chord {number}'. */
  number: z.number().int(),
  measure: z.number().int(),
  beat: z.number(),
  /** The measure and beat as a person reads them on the score: its own measure text ('0', '7a') and a pickup's beat in a whole bar. */
  measure_label: z.string().optional(),
  beat_label: z.number().optional(),
  onset: z.number(),
  x: z.number().nullable(),
  note_ids: z.array(z.string()),
  /**
   * The suggested label in the course's spelling, or null. Where the analysis finds a key area it
   * names the key (decision 031: 'E: V'); a chord of both keys at a change is a pivot ('I = E: IV').
   */
  suggestion: z.string().nullable(),
  /** The spellings the key would accept for the suggestion, then alternatives (the piece's key's reading, 'A: V/V'). */
  suggested_answers: z.array(z.string()),
  /** The key in force at the position as the analysis reads it ('E', 'f#'). */
  key: z.string().optional(),
  /** The position most likely decorates the chord before it (a passing note): suggested to skip. */
  embellishing: z.boolean(),
});
export type DraftPosition = z.infer<typeof DraftPosition>;

export const ExerciseDraft = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  /** The score's own title, or the file's name. */
  title: z.string(),
  key: DraftKey,
  /** The key of the first key area: the exercise's opening key (decision 031), which labels without a key are read in. */
  opening_key: DraftKey,
  converted: z.object({ from_timewise: z.boolean(), renumbered: z.boolean(), from_mxl: z.boolean() }),
  score: z.object({ svg: z.string(), width: z.number(), height: z.number(), tempo: z.number(), notes: z.array(PlaybackNote) }),
  positions: z.array(DraftPosition),
  /** Analysis text written into the score (lyrics, harmony, figured bass, words under the bass) that students will not see (issue 26). */
  removed_for_students: z.array(RemovedAnalysis),
});
export type ExerciseDraft = z.infer<typeof ExerciseDraft>;

export const DraftCourseQuery = z.object({ course_id: z.coerce.number().int().positive({ message: 'Give the course id.' }) });

const Answer = z
  .string()
  .trim()
  .min(1, { message: AuthoringMessages.noAnswers })
  .max(AUTHORING_MAX_ANSWER_LENGTH, { message: `An answer can be at most ${AUTHORING_MAX_ANSWER_LENGTH} characters.` })
  // A Roman numeral, with a key ('E: V') or a pivot's two readings ('I = E: IV').
  .refine((answer) => parseKeyedLabel(answer) !== undefined, { error: (issue) => AuthoringMessages.notALabel(String(issue.input)) });

export const SaveExerciseItem = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, { message: AuthoringMessages.unknownPosition }),
  answers: z
    .array(Answer)
    .min(1, { message: AuthoringMessages.noAnswers })
    .max(AUTHORING_MAX_ANSWERS, {
      message: `At most ${AUTHORING_MAX_ANSWERS} answers a chord.`,
    }),
  points: z.number().min(0, { message: 'Points cannot be negative.' }).max(1000, { message: 'At most 1000 points a chord.' }),
});
export type SaveExerciseItem = z.infer<typeof SaveExerciseItem>;

export const SaveExerciseRequest = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { message: 'Give the exercise a title.' })
      .max(200, { message: 'A title can be at most 200 characters.' }),
    items: z
      .array(SaveExerciseItem)
      .min(1, { message: AuthoringMessages.noItems })
      .max(AUTHORING_MAX_ITEMS, { message: `At most ${AUTHORING_MAX_ITEMS} chords.` })
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: AuthoringMessages.repeatedPosition });
          seen.add(item.id);
        });
      }),
    key: OpeningKey.optional(),
    assignment_set_id: z.number().int().positive().optional(),
    add_to_library: z.boolean().optional(),
  })
  .refine((body) => body.assignment_set_id !== undefined || body.add_to_library === true, {
    message: AuthoringMessages.noDestination,
    path: ['assignment_set_id'],
  });
export type SaveExerciseRequest = z.infer<typeof SaveExerciseRequest>;

export const SavedExercise = z.object({
  document: CourseDocument.nullable(),
  library_document: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type SavedExercise = z.infer<typeof SavedExercise>;
