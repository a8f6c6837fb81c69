import { z } from 'zod';

const DAY = 24 * 3600;
export const ASSIGNMENT_MIN_GAP_SECONDS = 60;
export const ASSIGNMENT_DATE_MARGIN_SECONDS = 365 * DAY;
export const EXTENSION_MAX_AFTER_END_SECONDS = 183 * DAY;
export const DEFAULT_TIMED_SECONDS = 1800;
export const TIMED_MAX_HOURS = 8;
export const HAR_MAX_BYTES = 20 * 1024 * 1024;
export const HAR_MAX_FILES_PER_UPLOAD = 20;

/** At most this many example texts per kind of analysis removed from a student copy. */
export const REMOVED_ANALYSIS_EXAMPLES = 5;

/**
 * Analysis text written into an uploaded score that the students' copy leaves out (issue 26):
 * lyrics, <harmony> symbols, figured bass, words under the bass (or reading as numerals). One
 * entry per kind found, with how many and a few of the texts; the instructor's own file keeps them.
 */
export const RemovedAnalysis = z.object({
  kind: z.enum(['lyric', 'harmony', 'figured-bass', 'words']),
  count: z.number().int().positive(),
  examples: z.array(z.string()).max(REMOVED_ANALYSIS_EXAMPLES),
});
export type RemovedAnalysis = z.infer<typeof RemovedAnalysis>;

export const AssignmentMessages = {
  notFound: 'Assignment not found in selected course.',
  documentNotFound: 'This document does not exist or you cannot see it.',
  startTimedFirst: 'Start this timed document to see its music.',
  gap: 'The assigned date must be more than one minute before the due date.',
  assignedRange: 'The assigned date must be within one year before the course start and one year after the course end.',
  dueRange: 'The due date must be within one year before the course start and one year after the course end.',
  extensionRange: 'The extension must be between the due date and six months after the course end.',
  delayRange: 'The date to show grades must be between the due date and the course end date.',
  showFindings: 'Show findings must be AT_RELEASE or AT_HAND_IN.',
  timedDuration: 'The time limit must be between 1 minute and 8 hours, in the allowed steps.',
  notGradable: 'Only gradable documents have these settings.',
  practiceOnly: 'Only practice documents use incremental grading.',
  notForPractice: 'Practice documents do not allow multiple submissions, delayed grades or time limits.',
  studentNotInCourse: 'This student is not in the course.',
  reorderMismatch: 'The new order must list exactly the current items.',
  onlyInstructors: 'Only instructors of this course can change its assignments.',
  libraryOnlyInstructors: 'Only instructors can preview content library.',
  libraryDocumentUnknown: 'Some of these library documents do not exist.',
  tooLarge: 'Only .har files smaller than 20 MB are supported.',
  noFiles: 'Choose at least one .har file.',
  notReleased: 'This assignment set has not been released yet.',
  tooManyFiles: `Upload at most ${HAR_MAX_FILES_PER_UPLOAD} files at a time.`,
} as const;

/** The time limits of spec §5: 0–8 h; at 0 h minutes 1–15 then 20–55 by 5; at 8 h only 0; otherwise by 5; never zero. */
export function isValidTimedDuration(seconds: number): boolean {
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds % 60 !== 0) return false;
  const hours = Math.floor(seconds / 3600);
  const minutes = (seconds % 3600) / 60;
  if (hours > TIMED_MAX_HOURS) return false;
  if (hours === TIMED_MAX_HOURS) return minutes === 0;
  if (hours === 0) return (minutes >= 1 && minutes <= 15) || (minutes >= 20 && minutes % 5 === 0);
  return minutes % 5 === 0;
}

/** The minute choices for an hour value (spec §5). */
export function timedMinuteChoices(hours: number): number[] {
  if (hours >= TIMED_MAX_HOURS) return [0];
  if (hours === 0) return [...Array.from({ length: 15 }, (_, i) => i + 1), 20, 25, 30, 35, 40, 45, 50, 55];
  return Array.from({ length: 12 }, (_, i) => i * 5);
}

export { NEW_SET_DUE_DAYS_AT_MOST } from './constants.ts';

/** DESIGN §7.10: assigned = max(now, start); due = assigned + min(14 days, span / 3) + 1 day. */
export function defaultAssignmentDates(now: number, courseStart: number, courseEnd: number) {
  const assigned = Math.max(now, courseStart);
  const span = Math.max(0, courseEnd - assigned);
  return { released_at: assigned, due_at: assigned + Math.min(14 * DAY, Math.floor(span / 3)) + DAY };
}

/** The §5 assignment date rules, shared by the editor and the server. */
export function assignmentDateErrors(dates: { released_at: number; due_at: number }, course: { start_date: number; end_date: number }) {
  const errors: { field: 'released_at' | 'due_at'; message: string }[] = [];
  const low = course.start_date - ASSIGNMENT_DATE_MARGIN_SECONDS;
  const high = course.end_date + ASSIGNMENT_DATE_MARGIN_SECONDS;
  if (dates.released_at < low || dates.released_at > high) errors.push({ field: 'released_at', message: AssignmentMessages.assignedRange });
  if (dates.due_at < low || dates.due_at > high) errors.push({ field: 'due_at', message: AssignmentMessages.dueRange });
  // Spec §5: assigned must be before due minus 60 s, so exactly 60 s apart is too close.
  if (dates.released_at >= dates.due_at - ASSIGNMENT_MIN_GAP_SECONDS) errors.push({ field: 'due_at', message: AssignmentMessages.gap });
  return errors;
}

/**
 * A set's dates moved by `shift` seconds into a course (a duplicate's new period, issue 19), clamped
 * to the §5 limits: both within a year of the course, due at least a minute after assigned.
 */
export function shiftAssignmentDates(
  dates: { released_at: number; due_at: number },
  shift: number,
  course: { start_date: number; end_date: number },
) {
  const low = course.start_date - ASSIGNMENT_DATE_MARGIN_SECONDS;
  const high = course.end_date + ASSIGNMENT_DATE_MARGIN_SECONDS;
  const released_at = Math.min(Math.max(dates.released_at + shift, low), high - ASSIGNMENT_MIN_GAP_SECONDS);
  const due_at = Math.min(Math.max(dates.due_at + shift, released_at + ASSIGNMENT_MIN_GAP_SECONDS), high);
  return { released_at, due_at };
}

/** A delayed grade's date moved by `shift`, kept between the set's due date and the course end (§5). */
export function shiftGradeDate(date: number | null, shift: number, limits: { due_at: number; end_date: number }): number | null {
  if (date === null) return null;
  return Math.min(Math.max(date + shift, limits.due_at), Math.max(limits.due_at, limits.end_date));
}

const Epoch = z.number({ message: 'This date must be a number of seconds.' }).int().nonnegative().max(4_102_444_800);
const Title = z.string().trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.');
const IdList = z.array(z.number().int().positive()).max(10_000);

/**
 * When a student may see the expected labels and which answers were right: after the
 * (extended) due date, at once, or never. Reports, images and the workspace follow it.
 */
export const ShowAnswers = z.enum(['AFTER_DUE', 'IMMEDIATELY', 'NEVER']);
export type ShowAnswers = z.infer<typeof ShowAnswers>;

/**
 * When a student sees what was marked in formal work (issue 35): a part-writing exercise's
 * findings, an analysis exercise's right and wrong: when the answers are shown (AT_RELEASE, as
 * ShowAnswers says), or at hand-in. Never the grade before its own release, never the answers.
 */
export const ShowFindings = z.enum(['AT_RELEASE', 'AT_HAND_IN'], { message: AssignmentMessages.showFindings });
export type ShowFindings = z.infer<typeof ShowFindings>;

export const DocumentSettings = z.object({
  gradable: z.boolean(),
  practice: z.boolean(),
  incremental_grading: z.boolean(),
  multiple_submissions: z.boolean(),
  delay_showing_grade: z.boolean(),
  show_grade_on_date: z.number().int().nullable(),
  timed: z.boolean(),
  timed_time_seconds: z.number().int().nullable(),
  show_answers: ShowAnswers,
  show_findings: ShowFindings,
});

export const PreviewStatus = z.enum(['PENDING', 'READY', 'FAILED']);

export const CourseDocument = DocumentSettings.extend({
  id: z.number().int(),
  assignment_id: z.number().int(),
  title: z.string(),
  weight: z.number().int(),
  doc_key: z.string(),
  preview_status: PreviewStatus,
});
export type CourseDocument = z.infer<typeof CourseDocument>;

/** A document just added to a set, with what its students' copy leaves out of the score (issue 26). */
export const UploadedDocument = CourseDocument.extend({ removed_for_students: z.array(RemovedAnalysis) });
export type UploadedDocument = z.infer<typeof UploadedDocument>;

export const DueDateExtension = z.object({
  student: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  extension_due_at: z.number().int(),
});
export type DueDateExtension = z.infer<typeof DueDateExtension>;

export const AssignmentSet = z.object({
  id: z.number().int(),
  course: z.number().int(),
  title: z.string(),
  released_at: z.number().int(),
  /** Students do not see a draft whatever its assigned date; an instructor releases it (decision 054). */
  draft: z.boolean(),
  due_at: z.number().int(),
  set_key: z.string(),
  show_after_due: z.boolean(),
  weight: z.number().int(),
  documents: z.array(CourseDocument),
  /** A student's own extension, when they have one. */
  extension_due_at: z.number().int().nullable(),
});
export type AssignmentSet = z.infer<typeof AssignmentSet>;

export const CreateAssignmentRequest = z.strictObject({
  title: Title.optional(),
  released_at: Epoch.optional(),
  due_at: Epoch.optional(),
  show_after_due: z.boolean().optional(),
  draft: z.boolean().optional(),
});
export const UpdateAssignmentRequest = z
  .strictObject({
    title: Title,
    released_at: Epoch,
    due_at: Epoch,
    show_after_due: z.boolean(),
    draft: z.boolean(),
  })
  .partial();
export type UpdateAssignmentRequest = z.infer<typeof UpdateAssignmentRequest>;

export const ReorderAssignmentsRequest = z.object({ assignments: IdList });
export const ReorderDocumentsRequest = z.object({ documents: IdList });
export const AddLibraryDocumentsRequest = z.object({ document_ids: IdList.min(1, 'Choose at least one document.') });

export const UpdateDocumentRequest = z
  .strictObject({
    title: Title,
    gradable: z.boolean(),
    practice: z.boolean(),
    incremental_grading: z.boolean(),
    multiple_submissions: z.boolean(),
    delay_showing_grade: z.boolean(),
    show_grade_on_date: Epoch.nullable(),
    timed: z.boolean(),
    timed_time_seconds: z.number().int().positive().nullable(),
    show_answers: ShowAnswers,
    show_findings: ShowFindings,
  })
  .partial();
export type UpdateDocumentRequest = z.infer<typeof UpdateDocumentRequest>;

export const ExtensionRequest = z.object({ extension_due_at: Epoch });

export const FileUrl = z.object({ url: z.string(), expires_at: z.number().int() });
export const PreviewUrl = z.object({ status: PreviewStatus, url: z.string().nullable(), error: z.string().nullable() });
export type PreviewUrl = z.infer<typeof PreviewUrl>;

export const LibraryDocument = z.object({ id: z.number().int(), doc_key: z.string(), title: z.string(), preview_status: PreviewStatus });
export const LibrarySet = z.object({
  id: z.number().int(),
  set_key: z.string(),
  title: z.string(),
  /** The caller's own section: exercises they made (issue 14). */
  own: z.boolean(),
  documents: z.array(LibraryDocument),
});
export type LibrarySet = z.infer<typeof LibrarySet>;
