import type { ShowAnswers } from '@app/contract/assignments';
import { SubmissionMessages } from '@app/contract/submissions';
import { TIMED_GRACE_SECONDS } from '@app/contract/workspace';
import type { Reveal } from '@app/har/grade';

/** What the submission rules read of a document. */
export type DocumentRules = {
  gradable: number;
  practice: number;
  multiple_submissions: number;
  timed: number;
  timed_time_seconds: number | null;
  due_at: number;
};

/**
 * Why a student's submission of a document is refused now, or null when it is taken:
 * not gradable, past the (extended) due date unless practice, a second formal
 * submission where only one is allowed, a timed document not yet opened or past its
 * limit (with a few seconds' grace for the network). The server is the clock.
 */
export function submissionRefusal(
  doc: DocumentRules,
  state: { extensionDueAt: number | null; formalCount: number; startedAt: number | undefined; now: number },
): { message: string; status: 409 } | null {
  const refuse = (message: string) => ({ message, status: 409 as const });
  if (doc.gradable !== 1) return refuse(SubmissionMessages.notGradable);
  if (doc.practice === 1) return null;
  if (state.now > Math.max(doc.due_at, state.extensionDueAt ?? 0)) return refuse(SubmissionMessages.pastDue);
  if (doc.multiple_submissions !== 1 && state.formalCount > 0) return refuse(SubmissionMessages.alreadySubmitted);
  if (doc.timed === 1) {
    if (state.startedAt === undefined) return refuse(SubmissionMessages.downloadFirst);
    if (state.now > state.startedAt + (doc.timed_time_seconds ?? 0) + TIMED_GRACE_SECONDS) return refuse(SubmissionMessages.timeUp);
  }
  return null;
}

/** Whether the expected labels of a document may be shown to its students now. */
export function answersShown(doc: { show_answers: ShowAnswers; due_at: number }, extensionDueAt: number | null, now: number): boolean {
  if (doc.show_answers === 'IMMEDIATELY') return true;
  if (doc.show_answers === 'NEVER') return false;
  return now > Math.max(doc.due_at, extensionDueAt ?? 0);
}

/**
 * How much of a submission's grading a student sees: everything once answers are
 * shown; before that right and wrong per item for practice work (its purpose is
 * feedback), and nothing but their answers and the total for formal work.
 */
export function studentReveal(practiceSubmission: boolean, shown: boolean): Reveal {
  if (shown) return 'full';
  return practiceSubmission ? 'marks' : 'none';
}

/** A grade a student may not see yet: delay showing grade until show_grade_on_date (DESIGN §6). */
export function gradeWithheld(row: { delay_showing_grade: number; show_grade_on_date: number | null }, now: number): boolean {
  return row.delay_showing_grade === 1 && (row.show_grade_on_date === null || row.show_grade_on_date > now);
}
