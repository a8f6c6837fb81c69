import { AssignmentMessages, DEFAULT_TIMED_SECONDS, isValidTimedDuration, type UpdateDocumentRequest } from '@app/contract/assignments';
import type { CourseRole } from '@app/contract/courses';
import { meetsNeed } from '../../access/course-access.ts';
import type { DocumentsTable, DocumentUpdate } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** Only a course's instructors change its sets, their documents and extensions; TAs and students read. */
export const canEditSet = (role: CourseRole) => meetsNeed(role, 'instruct');

/**
 * A set is there for its students once it is not a draft and its assigned date has come
 * (decision 054); for its instructors and TAs always.
 */
export function setVisible(role: CourseRole, set: { released_at: number; draft: number }, now: number): boolean {
  return !meetsNeed(role, 'study') || (set.draft === 0 && set.released_at <= now);
}

/**
 * Whether the actor sees the documents of a set they see: students stop seeing them after
 * the (extended) due date when show_after_due is off (DESIGN §7.13); instructors and TAs always.
 */
export function documentVisible(
  role: CourseRole,
  set: { due_at: number; show_after_due: number },
  extensionDueAt: number | null,
  now: number,
): boolean {
  if (!meetsNeed(role, 'study')) return true;
  return set.show_after_due !== 0 || now <= Math.max(set.due_at, extensionDueAt ?? 0);
}

/**
 * Whether the actor sees a document's music before its clock runs: a student sees a timed
 * document's score only once they started it (so no preview starts or skirts the clock,
 * issue 26); instructors and TAs always.
 */
export function scoreShownBeforeStart(role: CourseRole, doc: { timed: number }, startedAt: number | undefined): boolean {
  return !meetsNeed(role, 'study') || doc.timed !== 1 || startedAt !== undefined;
}

/** Whether a proposed order names exactly the current members, each once. */
export function sameMembers(proposed: number[], current: number[]): boolean {
  return proposed.length === current.length && new Set(proposed).size === proposed.length && proposed.every((id) => current.includes(id));
}

/** A document's grading settings, the columns documentChanges reads and writes. */
export type DocumentState = Pick<
  DocumentsTable,
  | 'gradable'
  | 'practice'
  | 'incremental_grading'
  | 'multiple_submissions'
  | 'delay_showing_grade'
  | 'show_grade_on_date'
  | 'timed'
  | 'timed_time_seconds'
>;

/** The settings a document starts with: gradable, one submission, grade shown at once, no time limit. */
export const NEW_DOCUMENT_SETTINGS: DocumentState = {
  gradable: 1,
  practice: 0,
  incremental_grading: 0,
  multiple_submissions: 0,
  delay_showing_grade: 0,
  show_grade_on_date: null,
  timed: 0,
  timed_time_seconds: null,
};

/**
 * The stored changes for a settings request (spec §4): practice mode turns off multiple
 * submissions, delayed grades and time limits and leaves only incremental grading; the
 * reverse turns incremental grading off. Turning on a delay fills the date with the due
 * date; turning on a time limit fills 30 minutes. Throws the spec's 400 for a request the
 * rules refuse.
 */
export function documentChanges(
  current: DocumentState,
  input: UpdateDocumentRequest,
  limits: { due_at: number; end_date: number },
): DocumentUpdate {
  const flag = (value: boolean | undefined, stored: number) => (value === undefined ? stored === 1 : value);
  const gradable = flag(input.gradable, current.gradable);
  const practice = flag(input.practice, current.practice);
  const settingTouched = [
    input.practice,
    input.incremental_grading,
    input.multiple_submissions,
    input.delay_showing_grade,
    input.timed,
  ].some((v) => v === true);
  if (!gradable && settingTouched) throw AppError.badRequest('gradable', AssignmentMessages.notGradable);
  if (practice && (input.multiple_submissions === true || input.delay_showing_grade === true || input.timed === true)) {
    throw AppError.badRequest('practice', AssignmentMessages.notForPractice);
  }
  if (!practice && input.incremental_grading === true) throw AppError.badRequest('incremental_grading', AssignmentMessages.practiceOnly);

  const next = {
    incremental: practice && flag(input.incremental_grading, current.incremental_grading),
    multiple: !practice && flag(input.multiple_submissions, current.multiple_submissions),
    delay: !practice && flag(input.delay_showing_grade, current.delay_showing_grade),
    timed: !practice && flag(input.timed, current.timed),
  };
  let showGradeOn = input.show_grade_on_date === undefined ? current.show_grade_on_date : input.show_grade_on_date;
  if (next.delay && showGradeOn === null) showGradeOn = limits.due_at;
  const checkDate = next.delay || input.show_grade_on_date !== undefined;
  if (checkDate && showGradeOn !== null && (showGradeOn < limits.due_at || showGradeOn > limits.end_date)) {
    throw AppError.badRequest('show_grade_on_date', AssignmentMessages.delayRange);
  }
  let timedSeconds = input.timed_time_seconds === undefined ? current.timed_time_seconds : input.timed_time_seconds;
  if (next.timed && timedSeconds === null) timedSeconds = DEFAULT_TIMED_SECONDS;
  if (timedSeconds !== null && (next.timed || input.timed_time_seconds !== undefined) && !isValidTimedDuration(timedSeconds)) {
    throw AppError.badRequest('timed_time_seconds', AssignmentMessages.timedDuration);
  }
  return {
    ...(input.title !== undefined ? { title: input.title } : {}),
    gradable: gradable ? 1 : 0,
    practice: practice ? 1 : 0,
    incremental_grading: next.incremental ? 1 : 0,
    multiple_submissions: next.multiple ? 1 : 0,
    delay_showing_grade: next.delay ? 1 : 0,
    show_grade_on_date: showGradeOn,
    timed: next.timed ? 1 : 0,
    timed_time_seconds: timedSeconds,
    ...(input.show_answers !== undefined ? { show_answers: input.show_answers } : {}),
    ...(input.show_findings !== undefined ? { show_findings: input.show_findings } : {}),
  };
}
