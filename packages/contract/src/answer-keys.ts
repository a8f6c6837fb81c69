import { z } from 'zod';
import { AUTHORING_MAX_ITEMS, OpeningKey, SaveExerciseItem } from './exercise-authoring.ts';
import { RULE_IDS } from './part-writing/rules.ts';
import { WorkspaceScore } from './workspace.ts';

/**
 * Editing the key of a document already in use (issue 14): each edit makes a new version of
 * the document; submissions keep the grade their key gave until the instructor asks for a
 * regrade, which runs as a job and records every grade it changes.
 */

export const AnswerKeyMessages = {
  noKey: 'This document has no answer key to edit.',
  itemsMismatch: 'Give each chord of the exercise exactly once.',
  changedMeanwhile: 'Someone changed these answers meanwhile. Open them again to see their version.',
  notPartWriting: 'This document is not a part-writing exercise.',
  ruleUnknown: 'Name only the part-writing rules.',
  ruleOn: 'Say whether each rule is on with true or false.',
  rulePoints: 'An error costs from 0 to 1000 points.',
  exercisePoints: 'An exercise is worth from 0 to 10000 points.',
  style: 'Style must be free or strict.',
} as const;

/** One keyed chord as the editor shows it: where it is, and what the key accepts now. */
export const KeyEditorItem = z.object({
  id: z.string(),
  /** 1, 2, … in score order: the fields are 'Answer for chord {number}'. */
  number: z.number().int(),
  measure: z.number().int(),
  beat: z.number(),
  /** The measure and beat as a person reads them on the score: its own measure text ('0', '7a') and a pickup's beat in a whole bar. */
  measure_label: z.string().optional(),
  beat_label: z.number().optional(),
  x: z.number().nullable(),
  /** Quarter notes from the start and the chord's note ids in the SVG: playback and its highlight, as in the workspace. */
  onset: z.number(),
  note_ids: z.array(z.string()),
  answers: z.array(z.string()),
  points: z.number(),
});
export type KeyEditorItem = z.infer<typeof KeyEditorItem>;

/** GET /api/documents/{id}/key: the score laid out as in the workspace, with the current key. */
export const DocumentKey = z.object({
  document_id: z.number().int(),
  title: z.string(),
  version: z.number().int(),
  /** The exercise's opening key ('A', 'f#'), or null for a one-key exercise without one (decision 031). */
  key: z.string().nullable(),
  score: WorkspaceScore,
  items: z.array(KeyEditorItem),
});
export type DocumentKey = z.infer<typeof DocumentKey>;

/** PUT /api/documents/{id}/key: every chord of the key once, with its new answers and points. */
export const UpdateKeyRequest = z.object({
  /** The opening key: a key sets it, null removes it, leaving it out keeps the key's own. */
  key: OpeningKey.nullable().optional(),
  items: z
    .array(SaveExerciseItem)
    .min(1, { message: AnswerKeyMessages.itemsMismatch })
    .max(AUTHORING_MAX_ITEMS, { message: AnswerKeyMessages.itemsMismatch }),
});
export type UpdateKeyRequest = z.infer<typeof UpdateKeyRequest>;

/**
 * GET /api/documents/{id}/key for a part-writing document (issue 27): it has no key of labels; what
 * grades it is its rule settings (each rule on or off and what an error costs), style and points.
 */
export const PartWritingRulesKey = z.object({
  kind: z.literal('part-writing'),
  document_id: z.number().int(),
  title: z.string(),
  version: z.number().int(),
  /** The exercise's key as a token ('c', 'F#'): a chorale's key, a typed exercise's opening key (issue 35). */
  key: z.string(),
  style: z.enum(['free', 'strict']),
  points: z.number(),
  rules: z.record(z.enum(RULE_IDS), z.object({ on: z.boolean(), points: z.number() })),
});
export type PartWritingRulesKey = z.infer<typeof PartWritingRulesKey>;

/** What GET /api/documents/{id}/key answers: an analysis key, or a part-writing document's rule settings. */
export const DocumentKeyOrRules = z.union([DocumentKey, PartWritingRulesKey]);
export type DocumentKeyOrRules = z.infer<typeof DocumentKeyOrRules>;

/** True when GET …/key answered a part-writing document's rule settings. */
export function isPartWritingRulesKey(key: DocumentKeyOrRules): key is PartWritingRulesKey {
  return 'kind' in key && key.kind === 'part-writing';
}

/**
 * PUT /api/documents/{id}/rules: a part-writing document's new rule settings and key (a new version
 * of the document, as an edited key is); rules left out keep their setting. Grades stay until a regrade.
 */
export const UpdatePartWritingRulesRequest = z.object({
  /**
   * The exercise's key (issue 35; a chorale's, or a typed exercise's opening key) as a token, 'c'
   * or 'F#': the numerals and figures are read in it and the score takes its signature. Left out, kept.
   */
  key: OpeningKey.optional(),
  style: z.enum(['free', 'strict'], { message: AnswerKeyMessages.style }),
  points: z
    .number({ message: AnswerKeyMessages.exercisePoints })
    .min(0, { message: AnswerKeyMessages.exercisePoints })
    .max(10_000, { message: AnswerKeyMessages.exercisePoints }),
  rules: z.partialRecord(
    z.enum(RULE_IDS, { message: AnswerKeyMessages.ruleUnknown }),
    z.object({
      on: z.boolean({ message: AnswerKeyMessages.ruleOn }),
      points: z
        .number({ message: AnswerKeyMessages.rulePoints })
        .min(0, { message: AnswerKeyMessages.rulePoints })
        .max(1000, { message: AnswerKeyMessages.rulePoints }),
    }),
    { error: (issue) => ((issue.code as string) === 'unrecognized_keys' ? AnswerKeyMessages.ruleUnknown : undefined) },
  ),
});
export type UpdatePartWritingRulesRequest = z.infer<typeof UpdatePartWritingRulesRequest>;

export const RegradeStatus = z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']);
export type RegradeStatus = z.infer<typeof RegradeStatus>;

export const Regrade = z.object({
  id: z.number().int(),
  key_version: z.number().int(),
  status: RegradeStatus,
  /** Submissions to regrade, those done so far, and how many grades changed. */
  total: z.number().int(),
  done: z.number().int(),
  changed: z.number().int(),
  error: z.string().nullable(),
  requested_by: z.string().nullable(),
  requested_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type Regrade = z.infer<typeof Regrade>;

/** GET/POST /api/documents/{id}/regrade: the key's version, the submissions graded by an older one, and the latest regrade. */
export const RegradeState = z.object({
  key_version: z.number().int(),
  submissions: z.number().int(),
  outdated: z.number().int(),
  regrade: Regrade.nullable(),
});
export type RegradeState = z.infer<typeof RegradeState>;

/** GET /api/documents/{id}/grade-changes: one grade a regrade changed (newest first). */
export const GradeChange = z.object({
  id: z.number().int(),
  submission_id: z.number().int(),
  student_id: z.number().int(),
  student_first_name: z.string(),
  student_last_name: z.string(),
  changed_by: z.string().nullable(),
  changed_at: z.number().int(),
  key_version: z.number().int(),
  old_points: z.number(),
  old_max_points: z.number(),
  old_percent: z.number(),
  old_grade: z.string(),
  new_points: z.number(),
  new_max_points: z.number(),
  new_percent: z.number(),
  new_grade: z.string(),
});
export type GradeChange = z.infer<typeof GradeChange>;
