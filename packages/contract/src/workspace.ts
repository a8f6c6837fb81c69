import { z } from 'zod';
import { ShowAnswers } from './assignments.ts';
import { PartWritingGradedFinding, PartWritingWorkspace } from './part-writing.ts';
import { PointsOff, Submission } from './submissions.ts';

/**
 * The exercise workspace: what a student needs to do a document in the browser
 * (the score with each item's position, the rules that apply to them, their draft
 * and their submissions), and the answers they save and hand in. Nothing here ever
 * carries an expected label unless the document's "Show correct answers" allows it.
 */

export const WORKSPACE_MAX_ITEMS = 500;
export const WORKSPACE_MAX_ANSWER_LENGTH = 64;
/** A timed document's clock is the server's; a hand-in this late after the limit still counts (network delay). */
export const TIMED_GRACE_SECONDS = 10;

export const WorkspaceMessages = {
  onlyStudents: 'Only students of this course do its exercises.',
  notGradable: 'This document does not take submissions.',
  unknownItem: 'This answer is for an item the document does not have.',
  repeatedItem: 'Each item can be answered only once.',
  noAnswers: 'Send the answers as a list.',
  notTimed: 'This document has no time limit to start.',
  badBase: 'A base revision is a whole number from 0 to 2147483647.',
  draftChanged: 'These answers were changed in another window since this one loaded them. Both are kept: check them and save again.',
} as const;

const ItemId = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'Item ids are 1 to 64 letters, digits, dots, colons, dashes or underscores.' });

export const AnswerEntry = z.object({
  id: ItemId,
  answer: z.string({ error: 'An answer must be text.' }).max(WORKSPACE_MAX_ANSWER_LENGTH, {
    error: `An answer can be at most ${WORKSPACE_MAX_ANSWER_LENGTH} characters.`,
  }),
});
export type AnswerEntry = z.infer<typeof AnswerEntry>;

/**
 * The body of `PUT /api/documents/{id}/draft` and of a JSON `POST /api/documents/{id}/submissions`.
 * `base`: the `revision` of the draft these answers started from (0: none). When the stored draft
 * has moved on (another tab or device saved), the server refuses with 409 and the current draft
 * instead of overwriting it (decision 046); without `base` the answers are taken as they are.
 */
export const AnswersRequest = z.object({
  base: z
    .number({ error: WorkspaceMessages.badBase })
    .int({ error: WorkspaceMessages.badBase })
    .min(0, { error: WorkspaceMessages.badBase })
    // A revision is a database integer: a larger base would overflow PostgreSQL's `integer`.
    .max(2_147_483_647, { error: WorkspaceMessages.badBase })
    .optional(),
  answers: z
    .array(AnswerEntry, { error: WorkspaceMessages.noAnswers })
    .max(WORKSPACE_MAX_ITEMS, { error: `At most ${WORKSPACE_MAX_ITEMS} answers.` })
    .superRefine((answers, ctx) => {
      const seen = new Set<string>();
      answers.forEach((entry, index) => {
        if (seen.has(entry.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: WorkspaceMessages.repeatedItem });
        seen.add(entry.id);
      });
    }),
});
export type AnswersRequest = z.infer<typeof AnswersRequest>;

/** `revision` counts the draft's saves (1 for the first): what a save sends back as its `base`. */
export const Draft = z.object({ answers: z.array(AnswerEntry), updated_at: z.number().int(), revision: z.number().int() });
export type Draft = z.infer<typeof Draft>;

/**
 * The 409 of a draft save or JSON hand-in whose `base` is behind the stored draft (decision 046):
 * the error envelope with `WorkspaceMessages.draftChanged`, and the stored draft as `data`.
 */
export const DraftConflict = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string() })),
  message_codes: z.array(z.array(z.object({ code: z.string() }).nullable())),
  data: Draft,
});
export type DraftConflict = z.infer<typeof DraftConflict>;

export const WorkspaceItem = z.object({
  id: z.string(),
  /** 1, 2, … in score order: the field is called 'Chord {number}'. */
  number: z.number().int(),
  measure: z.number().int(),
  beat: z.number(),
  /** The measure and beat as a person reads them on the score: its own measure text ('0', '7a') and a pickup's beat in a whole bar. */
  measure_label: z.string().optional(),
  beat_label: z.number().optional(),
  points: z.number(),
  /** Where the chord sits across the score, 0 (left edge) to 1 (right edge) of the SVG. */
  x: z.number().nullable(),
  /** Quarter notes from the start of the score: when the chord sounds in playback. */
  onset: z.number(),
  /** The ids of the chord's notes in the SVG (to highlight them). */
  note_ids: z.array(z.string()),
});
export type WorkspaceItem = z.infer<typeof WorkspaceItem>;

/** One note of the playback: start and length in quarter notes, MIDI pitch. */
export const PlaybackNote = z.object({ onset: z.number(), duration: z.number(), pitch: z.number().int(), note_id: z.string() });
export type PlaybackNote = z.infer<typeof PlaybackNote>;

export const WorkspaceScore = z.object({
  /** Verovio's SVG of the whole score on one line, without answers. */
  svg: z.string(),
  /** The SVG's own size in its units (its aspect ratio). */
  width: z.number(),
  height: z.number(),
  /** The written tempo in quarter notes a minute, or a default. */
  tempo: z.number(),
  notes: z.array(PlaybackNote),
});
export type WorkspaceScore = z.infer<typeof WorkspaceScore>;

export const WorkspaceRules = z.object({
  gradable: z.boolean(),
  practice: z.boolean(),
  multiple_submissions: z.boolean(),
  due_at: z.number().int(),
  extension_due_at: z.number().int().nullable(),
  /** Time limit in seconds for timed documents, else null. */
  timed_seconds: z.number().int().nullable(),
  /** When the student started the document (Start, or the first download of its file): the timed clock's start; null before. */
  started_at: z.number().int().nullable(),
  /** started_at + time limit, for timed documents. */
  deadline_at: z.number().int().nullable(),
  /** Grades are shown to the student from this date on (delay showing grade), else null. */
  show_grade_on_date: z.number().int().nullable(),
  show_answers: ShowAnswers,
  /** Whether the server would take a submission now; when not, `refusal` says why. */
  can_submit: z.boolean(),
  refusal: z.string().nullable(),
});
export type WorkspaceRules = z.infer<typeof WorkspaceRules>;

/** Per item of a submission: what the student wrote and, as far as the rules allow, whether it was right and the expected label. */
export const SubmissionItemFeedback = z.object({
  id: z.string(),
  answer: z.string(),
  correct: z.boolean().nullable(),
  expected: z.string().nullable(),
});

export const WorkspaceSubmission = Submission.extend({
  items: z.array(SubmissionItemFeedback),
  /** Part writing (issue 27): what the checker found, as far as the rules let the student see it (as `correct`). */
  findings: z.array(PartWritingGradedFinding).optional(),
  /**
   * Formal part writing whose findings are not shown yet (issue 35): what they cost, and when they
   * are shown (the due date or the student's extension; null, never). Absent otherwise.
   */
  points_off: PointsOff.optional(),
  findings_shown_at: z.number().int().nullable().optional(),
});
export type WorkspaceSubmission = z.infer<typeof WorkspaceSubmission>;

export const Workspace = z.object({
  document: z.object({ id: z.number().int(), title: z.string(), assignment_id: z.number().int(), course_id: z.number().int() }),
  set_title: z.string(),
  /** The course's spellings of the cadential six-four and the Neapolitan sixth. */
  labels: z.object({ cadential_64: z.enum(['V64', 'I64']), neapolitan_6: z.enum(['N6', 'bII6']) }),
  /**
   * The exercise's opening key ('A', 'f#'; decision 031): labels without a key are read in it, and a
   * label may change it ('E: V', 'I = E: IV'). Null for an exercise keyed in one unnamed key.
   */
  key: z.string().nullable(),
  /** Empty, and `score` null, while a timed document waits for its Start (the music is seen once the clock runs). */
  items: z.array(WorkspaceItem),
  score: WorkspaceScore.nullable(),
  /** A part-writing document (issue 27): what to write and the rules of its feedback; `items` are then its chords. */
  part_writing: PartWritingWorkspace.nullable().optional(),
  rules: WorkspaceRules,
  draft: Draft.nullable(),
  submissions: z.array(WorkspaceSubmission),
  /** The server's clock, epoch seconds, so the browser can count down against it. */
  now: z.number().int(),
});
export type Workspace = z.infer<typeof Workspace>;
/** A workspace whose score is shown: every document but a timed one not yet started. */
export type StartedWorkspace = Workspace & { score: WorkspaceScore };

/**
 * A document of a course the student has in progress (for the assignments list): a saved draft,
 * or a timed document whose clock runs. `updated_at` is the draft's (null without one),
 * `deadline_at` a started timed document's end (null otherwise).
 */
export const DraftSummary = z.object({
  document_id: z.number().int(),
  updated_at: z.number().int().nullable(),
  deadline_at: z.number().int().nullable(),
});
export type DraftSummary = z.infer<typeof DraftSummary>;
